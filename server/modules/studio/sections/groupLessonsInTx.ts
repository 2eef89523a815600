import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { renumberInTx } from '../renumberInTx.ts';
import { sectionOrderInTx } from './sectionOrderInTx.ts';

/**
 * Keeps each section's lessons consecutive (decision 0064): orders the course's lessons by their group (the
 * sections in order, with the lessons without a section where the creator put them, first by default:
 * decision 0069) and, within one, as `episodeIds` lists them (default: their current order), then writes
 * positions 1..n when that differs from what is stored.
 */
export async function groupLessonsInTx(
  trx: Kysely<DB>,
  { courseId, episodeIds }: { courseId: string; episodeIds?: string[] },
): Promise<void> {
  const [lessons, groups] = await Promise.all([
    trx
      .selectFrom('episode')
      .select(['id', 'sectionId'])
      .where('courseId', '=', courseId)
      .orderBy('position')
      .execute(),
    sectionOrderInTx(trx, { courseId }),
  ]);
  const rank = new Map(groups.map((id, i) => [id, i]));
  const unsectioned = rank.get(null)!;
  const sectionOf = new Map(lessons.map((l) => [l.id, rank.get(l.sectionId) ?? unsectioned]));
  const wanted = episodeIds ?? lessons.map((l) => l.id);
  const order = new Map(wanted.map((id, i) => [id, i]));
  const grouped = [...wanted].sort(
    (a, b) => (sectionOf.get(a) ?? 0) - (sectionOf.get(b) ?? 0) || order.get(a)! - order.get(b)!,
  );
  if (grouped.every((id, i) => id === lessons[i]?.id)) return;
  await renumberInTx(trx, { courseId, episodeIds: grouped });
}
