import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.ts';
import type { DB } from '../../db/schema.ts';
import { cardColumns, toCard, type CourseCard } from './courseCard.ts';

export const SEARCH_MAX_TERMS = 8;
export const SEARCH_LIMIT = 48;

/**
 * Turns what a person typed into plain search terms: letters and digits of any script only, so FTS
 * operators, quotes and column filters in the input are just text. At most a few terms, each a prefix.
 */
export function searchTerms(input: string): string[] {
  const words = input.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, 40)))].slice(0, SEARCH_MAX_TERMS);
}

export async function searchCourses(db: Kysely<DB>, dialect: DialectName, input: string): Promise<CourseCard[]> {
  const terms = searchTerms(input);
  if (terms.length === 0) return [];
  if (dialect === 'postgres') {
    const query = terms.map((t) => `${t}:*`).join(' & ');
    const rows = await db
      .selectFrom('course')
      .select(cardColumns)
      .where('course.published', '=', true)
      .where(sql<boolean>`"course"."searchVector" @@ to_tsquery('simple', ${query})`)
      .orderBy(sql`ts_rank("course"."searchVector", to_tsquery('simple', ${query}))`, 'desc')
      .orderBy('course.createdAt', 'desc')
      .limit(SEARCH_LIMIT)
      .execute();
    return rows.map(toCard);
  }
  // Each term quoted, so FTS5 reads it as a string, with * for prefix matching.
  const match = terms.map((t) => `"${t}"*`).join(' ');
  const rows = await db
    .selectFrom('course')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom(sql<{ rowid: number; rank: number }>`"courseFts"`.as('f'))
          .select([sql<number>`"f"."rowid"`.as('rowid'), sql<number>`"f"."rank"`.as('rank')])
          .where(sql<boolean>`"courseFts" match ${match}`)
          .as('hit'),
      (j) => j.on(sql<boolean>`"hit"."rowid" = "course"."rowid"`),
    )
    .select(cardColumns)
    .where('course.published', '=', true)
    .orderBy(sql`"hit"."rank"`)
    .limit(SEARCH_LIMIT)
    .execute();
  return rows.map(toCard);
}
