import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/**
 * Stores an order of a course's groups (sectionOrderInTx's shape: every section id once, `null` once for
 * the lessons without a section): the sections' positions 1..n and where the unsectioned lessons sit.
 */
export async function writeSectionOrderInTx(
  trx: Kysely<DB>,
  { courseId, order }: { courseId: string; order: (string | null)[] },
): Promise<void> {
  const sections = order.filter((id): id is string => id !== null);
  for (const [i, id] of sections.entries())
    await trx
      .updateTable('courseSection')
      .set({ position: i + 1 })
      .where('id', '=', id)
      .where('courseId', '=', courseId)
      .execute();
  await trx
    .updateTable('course')
    .set({ unsectionedAt: Math.max(0, order.indexOf(null)), updatedAt: new Date() })
    .where('id', '=', courseId)
    .execute();
}
