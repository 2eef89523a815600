import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { sectionOrderInTx } from './sectionOrderInTx.ts';

/**
 * The course's last group (where a lesson added at the end belongs): its last section, or null when it has
 * none or its lessons without a section come last (decision 0069).
 */
export async function lastSectionIdInTx(trx: Kysely<DB>, { courseId }: { courseId: string }): Promise<string | null> {
  return (await sectionOrderInTx(trx, { courseId })).at(-1) ?? null;
}
