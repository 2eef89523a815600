import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { renumberInTx } from '../renumberInTx.ts';

/**
 * Keeps each section's lessons consecutive (decision 0064): orders the course's lessons by their section
 * (no section first, then the sections in order) and, within one, as `episodeIds` lists them (default: their
 * current order), then writes positions 1..n when that differs from what is stored.
 */
export async function groupLessonsInTx(
  trx: Kysely<DB>,
  { courseId, episodeIds }: { courseId: string; episodeIds?: string[] },
): Promise<void> {
  const [lessons, sections] = await Promise.all([
    trx
      .selectFrom('episode')
      .select(['id', 'sectionId'])
      .where('courseId', '=', courseId)
      .orderBy('position')
      .execute(),
    trx.selectFrom('courseSection').select('id').where('courseId', '=', courseId).orderBy('position').execute(),
  ]);
  const rank = new Map(sections.map((s, i) => [s.id, i + 1]));
  const sectionOf = new Map(lessons.map((l) => [l.id, l.sectionId ? (rank.get(l.sectionId) ?? 0) : 0]));
  const wanted = episodeIds ?? lessons.map((l) => l.id);
  const order = new Map(wanted.map((id, i) => [id, i]));
  const grouped = [...wanted].sort(
    (a, b) => (sectionOf.get(a) ?? 0) - (sectionOf.get(b) ?? 0) || order.get(a)! - order.get(b)!,
  );
  if (grouped.every((id, i) => id === lessons[i]?.id)) return;
  await renumberInTx(trx, { courseId, episodeIds: grouped });
}
