import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/**
 * Writes new positions 1..n for the given episode ids (in that order). Each row first moves to a negative
 * position so the unique (courseId, position) index never sees two rows on one place mid-update, on
 * either database.
 */
export async function renumberInTx(
  trx: Kysely<DB>,
  { courseId, episodeIds }: { courseId: string; episodeIds: string[] },
): Promise<void> {
  await trx
    .updateTable('episode')
    .set((eb) => ({ position: eb.neg(eb.ref('position')) }))
    .where('courseId', '=', courseId)
    .execute();
  for (const [i, id] of episodeIds.entries()) {
    await trx
      .updateTable('episode')
      .set({ position: i + 1 })
      .where('id', '=', id)
      .where('courseId', '=', courseId)
      .execute();
  }
}
