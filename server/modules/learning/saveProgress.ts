import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound, unauthorized } from '../../http/errors.ts';
import type { Actor } from '../access/policies.ts';
import { findEpisodeForViewer } from './findEpisodeForViewer.ts';
import { progressReportSchema } from './schemas.ts';

/** An episode counts as completed once 90 % of it was reached. */
export const COMPLETED_AT = 0.9;
/** Players report positions a little past the measured end (rounding, the last frame). */
const END_SLACK_S = 5;

/**
 * Stores where a learner is in an episode they may watch. Refuses (4xx, nothing stored) reports from
 * visitors, for episodes they may not watch, or with positions the episode cannot have.
 */
export async function saveProgress(db: Kysely<DB>, viewer: Actor, input: unknown): Promise<{ completed: boolean }> {
  if (!viewer) throw unauthorized();
  const parsed = progressReportSchema.safeParse(input);
  if (!parsed.success) throw badRequest('Invalid progress report.');
  const { episodeId, position } = parsed.data;
  const found = await findEpisodeForViewer(db, { episodeId }, viewer);
  if (!found || !found.canWatch) throw notFound('Episode not found.');
  const { duration } = found.episode;
  if (!duration || position > duration + END_SLACK_S) throw badRequest('That position is past the end of the episode.');
  const completed = position >= duration * COMPLETED_AT;
  const now = new Date();
  await db
    .insertInto('progress')
    .values({ userId: viewer.userId, episodeId, courseId: found.episode.courseId, position, completed, updatedAt: now })
    .onConflict((oc) =>
      oc.columns(['userId', 'episodeId']).doUpdateSet({
        position,
        // Once completed, rewatching the start does not undo it.
        completed: sql<boolean>`${sql.ref('progress.completed')} or ${sql.ref('excluded.completed')}`,
        updatedAt: now,
      }),
    )
    .execute();
  return { completed };
}
