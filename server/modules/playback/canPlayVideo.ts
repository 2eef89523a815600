import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { canWatchVideo, isFreePreview } from '../access/policies.ts';
import { lessonShare } from '../enrollments/lessonShare.ts';

/**
 * Whether this actor may play this video asset (a course trailer or an episode video), and whether the
 * answer is the same for everyone ('public': a free preview) or theirs alone ('private').
 * Null when the asset is not a ready video or the actor may not watch it.
 */
export async function canPlayVideo(
  services: Services,
  actor: Actor,
  { assetId }: { assetId: string },
): Promise<'public' | 'private' | null> {
  const { db } = services.database;
  const asset = await db
    .selectFrom('mediaAsset')
    .select(['kind', 'status'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  // An audio lesson's recording plays by the same rule as a video (decision 0069).
  if ((asset?.kind !== 'video' && asset?.kind !== 'audio') || asset.status !== 'ready') return null;
  const [trailers, episodes] = await Promise.all([
    db.selectFrom('course').select(['id', 'creatorId', 'published']).where('trailerId', '=', assetId).execute(),
    db
      .selectFrom('episode')
      .innerJoin('course', 'course.id', 'episode.courseId')
      .select(['course.id', 'course.creatorId', 'course.published', 'episode.position'])
      .where('episode.videoId', '=', assetId)
      .execute(),
  ]);
  const uses = [
    ...trailers.map((c) => ({ course: { ...c, published: toBool(c.published) }, video: { episode: null } })),
    ...episodes.map((e) => ({
      course: { ...e, published: toBool(e.published) },
      video: { episode: toNum(e.position) },
    })),
  ];
  if (uses.some((u) => isFreePreview(u.course, u.video))) return 'public';
  for (const u of uses) {
    // A learner paying in instalments plays the lessons their paid parts open (decision 0068).
    const { enrolled, share } = await lessonShare(services, actor, {
      courseId: u.course.id,
      position: u.video.episode ?? 0,
    });
    if (canWatchVideo(actor, u.course, u.video, enrolled, u.video.episode === null ? null : share)) return 'private';
  }
  return null;
}
