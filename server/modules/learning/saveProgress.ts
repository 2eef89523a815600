import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Actor } from '#server/core/actor.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { findEpisodeForActor } from './findEpisodeForActor.ts';
import { mergeProgress } from './mergeProgress.ts';
import { progressReportSchema } from '#common/learning/schemas.ts';
import { issueCertificateIfComplete } from '../certificates/issueCertificateIfComplete.ts';

/** An episode counts as completed once 90 % of it was reached. */
const COMPLETED_AT = 0.9;
/** Players report positions a little past the measured end (rounding, the last frame). */
const END_SLACK_S = 5;

/**
 * Stores where a learner is in an episode (a text lesson: that it was read) they may watch. Refuses (4xx, nothing stored) reports from
 * visitors, for episodes they may not watch, or with positions the episode cannot have. A report carries
 * the time it was recorded (late when made offline): the most recently recorded position is kept and a
 * completion is never undone (mergeProgress.ts).
 */
export async function saveProgress(services: Services, actor: Actor, input: unknown): Promise<{ completed: boolean }> {
  const { db, dialect } = services.database;
  if (!actor) throw unauthenticated();
  const { episodeId, position, recordedAt } = parseInput(progressReportSchema, input, 'Invalid progress report.');
  const now = services.clock.now().getTime();
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (!found?.canWatch) throw notFound('Episode not found.');
  const { duration, kind } = found.episode;
  // A text lesson has no position: any report says it was read to the end (or marked complete).
  const completed = kind === 'text' || position >= duration * COMPLETED_AT;
  if (kind !== 'text' && (!duration || position > duration + END_SLACK_S))
    throw invalidInput('That position is past the end of the episode.');
  const incoming = { position: kind === 'text' ? 0 : position, completed, recordedAt: recordedAt ?? now };
  const key = { userId: actor.userId, episodeId };
  const result = await db.transaction().execute(async (trx) => {
    const first = mergeProgress(null, incoming, now);
    const inserted = await trx
      .insertInto('progress')
      .values({
        ...key,
        courseId: found.episode.courseId,
        position: first.position,
        completed: first.completed,
        updatedAt: new Date(first.recordedAt),
      })
      .onConflict((oc) => oc.columns(['userId', 'episodeId']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { completed: first.completed };
    // A row exists: merge under its lock (PostgreSQL; SQLite serialises writers).
    let q = trx
      .selectFrom('progress')
      .select(['position', 'completed', 'updatedAt'])
      .where('userId', '=', key.userId)
      .where('episodeId', '=', key.episodeId);
    if (dialect === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirstOrThrow();
    const stored = {
      position: toNum(row.position),
      completed: toBool(row.completed),
      recordedAt: Date.parse(toIso(row.updatedAt)),
    };
    const merged = mergeProgress(stored, incoming, now);
    await trx
      .updateTable('progress')
      .set({ position: merged.position, completed: merged.completed, updatedAt: new Date(merged.recordedAt) })
      .where('userId', '=', key.userId)
      .where('episodeId', '=', key.episodeId)
      .execute();
    return { completed: merged.completed };
  });
  // Completing the last episode earns the certificate (a no-op until then, or once issued).
  if (result.completed) await issueCertificateIfComplete(services, actor, { courseId: found.episode.courseId });
  return result;
}
