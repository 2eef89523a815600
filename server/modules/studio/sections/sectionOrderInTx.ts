import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

/**
 * The order of a course's groups of lessons (decision 0069): its sections' ids in order, with `null` for the
 * lessons without a section at `course.unsectionedAt` (how many sections come before them; 0: first).
 */
export async function sectionOrderInTx(
  trx: Kysely<DB>,
  { courseId }: { courseId: string },
): Promise<(string | null)[]> {
  const [sections, course] = await Promise.all([
    trx.selectFrom('courseSection').select('id').where('courseId', '=', courseId).orderBy('position').execute(),
    trx.selectFrom('course').select('unsectionedAt').where('id', '=', courseId).executeTakeFirst(),
  ]);
  const ids: (string | null)[] = sections.map((s) => s.id);
  const at = Math.min(Math.max(0, toNum(course?.unsectionedAt ?? 0)), ids.length);
  ids.splice(at, 0, null);
  return ids;
}
