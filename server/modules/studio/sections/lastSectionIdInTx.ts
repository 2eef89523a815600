import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** The course's last section (where a lesson added at the end belongs), or null when it has none. */
export async function lastSectionIdInTx(trx: Kysely<DB>, { courseId }: { courseId: string }): Promise<string | null> {
  const last = await trx
    .selectFrom('courseSection')
    .select('id')
    .where('courseId', '=', courseId)
    .orderBy('position', 'desc')
    .executeTakeFirst();
  return last?.id ?? null;
}
