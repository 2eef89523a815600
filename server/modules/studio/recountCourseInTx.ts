import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

/** Keeps the course's lessonsCount and duration (sum of its episodes) in step, inside the same transaction. */
export async function recountCourseInTx(trx: Kysely<DB>, { courseId }: { courseId: string }): Promise<void> {
  const r = await trx
    .selectFrom('episode')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.coalesce(eb.fn.sum('duration'), eb.lit(0)).as('total')])
    .where('courseId', '=', courseId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('course')
    .set({ lessonsCount: toNum(r.n), duration: toNum(r.total), updatedAt: new Date() })
    .where('id', '=', courseId)
    .execute();
}
