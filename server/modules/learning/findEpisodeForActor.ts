import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { canWatchVideo, type PaidShare } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';
import { lessonShare } from '../enrollments/lessonShare.ts';

export interface EpisodeForActor {
  episode: {
    id: string;
    position: number;
    duration: number;
    videoId: string | null;
    courseId: string;
    kind: string;
  };
  course: { id: string; creatorId: string; published: boolean };
  enrolled: boolean;
  /** Paying the course in instalments: the share this lesson is judged by (decision 0068); else null. */
  share: PaidShare | null;
  canWatch: boolean;
}

/**
 * An episode with its course and whether this actor may watch it (for a learner paying in instalments, whether
 * the lesson is in their paid share); null when it does not exist.
 */
export async function findEpisodeForActor(
  services: Pick<Services, 'database'>,
  actor: Actor,
  input: { episodeId: string } | { courseId: string; position: number },
): Promise<EpisodeForActor | null> {
  let q = services.database.db
    .selectFrom('episode')
    .innerJoin('course', 'course.id', 'episode.courseId')
    .select([
      'episode.id',
      'episode.position',
      'episode.duration',
      'episode.videoId',
      'episode.courseId',
      'episode.kind',
      'course.creatorId',
      'course.published',
    ]);
  q =
    'episodeId' in input
      ? q.where('episode.id', '=', input.episodeId)
      : q.where('episode.courseId', '=', input.courseId).where('episode.position', '=', input.position);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const course = { id: row.courseId, creatorId: row.creatorId, published: toBool(row.published) };
  const position = toNum(row.position);
  const { enrolled, share } = await lessonShare(services, actor, { courseId: row.courseId, position });
  return {
    episode: {
      id: row.id,
      position,
      duration: toNum(row.duration),
      videoId: row.videoId,
      courseId: row.courseId,
      kind: row.kind,
    },
    course,
    enrolled,
    share,
    canWatch: canWatchVideo(actor, course, { episode: position }, enrolled, share),
  };
}
