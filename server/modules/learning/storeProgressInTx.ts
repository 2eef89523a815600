import type { Kysely } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { mergeProgress, type ProgressState } from './mergeProgress.ts';

/**
 * Keeps a learner's progress in a lesson: the first report inserts it, a later one is merged with the
 * stored row under its lock (PostgreSQL; SQLite serialises writers), so a completion is never undone.
 */
export async function storeProgressInTx(
  trx: Kysely<DB>,
  input: {
    userId: string;
    courseId: string;
    episodeId: string;
    incoming: ProgressState;
    now: number;
    dialect: DialectName;
  },
): Promise<{ completed: boolean }> {
  const { userId, episodeId, incoming, now } = input;
  const first = mergeProgress(null, incoming, now);
  const inserted = await trx
    .insertInto('progress')
    .values({
      userId,
      episodeId,
      courseId: input.courseId,
      position: first.position,
      completed: first.completed,
      updatedAt: new Date(first.recordedAt),
    })
    .onConflict((oc) => oc.columns(['userId', 'episodeId']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { completed: first.completed };
  let q = trx
    .selectFrom('progress')
    .select(['position', 'completed', 'updatedAt'])
    .where('userId', '=', userId)
    .where('episodeId', '=', episodeId);
  if (input.dialect === 'postgres') q = q.forUpdate();
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
    .where('userId', '=', userId)
    .where('episodeId', '=', episodeId)
    .execute();
  return { completed: merged.completed };
}
