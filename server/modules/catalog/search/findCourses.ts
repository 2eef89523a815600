import { sql, type Kysely } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { searchWords, type SearchQuery } from '#common/catalog/searchQuery.ts';
import { publishedCourses, toCard, type CardRow, type CourseCard } from '../courseCard.ts';
import { innerTrigrams, trigramScore } from './trigramScore.ts';

const MAX_TERMS = 8;
/** Text matches considered before sorting: the best this many by relevance. */
const CANDIDATES = 200;
/** The least trigram similarity that counts as a match (pg_trgm's default word_similarity_threshold). */
const FUZZY_MIN = 0.6;

type ScoredRow = CardRow & { score: number };

/**
 * Finds published courses for a search: full-text prefix matches (FTS5 / tsvector, index 0003) and,
 * next to them, near spellings by trigram similarity (index 0018), under the query's filters, sorted.
 * Full-text matches rank above fuzzy ones. Words are reduced to letters and digits first, so operators in
 * the input are just text.
 */
export async function findCourses(
  db: Kysely<DB>,
  dialect: DialectName,
  query: SearchQuery,
  limit: number,
): Promise<CourseCard[]> {
  const words = [...new Set(searchWords(query.q).map((w) => w.slice(0, 40)))].slice(0, MAX_TERMS);
  if (words.length === 0) {
    const [first, second] = sortOrder(query);
    const rows = await filtered(db, query)
      .orderBy(first, query.sort === 'price' ? 'asc' : 'desc')
      .orderBy(second, 'desc')
      .orderBy('course.id')
      .limit(limit)
      .execute();
    return rows.map(toCard);
  }
  const rows =
    dialect === 'postgres' ? await postgresMatches(db, query, words) : await sqliteMatches(db, query, words, limit);
  return sortRows(rows, query).slice(0, limit).map(toCard);
}

function filtered(db: Kysely<DB>, q: SearchQuery) {
  return publishedCourses(db).$call((qb) => {
    let b = qb;
    if (q.category) b = b.where('course.category', '=', q.category);
    if (q.price === 'free') b = b.where('course.price', '=', 0);
    if (q.price === 'paid') b = b.where('course.price', '>', 0);
    if (q.min !== undefined) b = b.where('course.price', '>=', q.min);
    if (q.max !== undefined) b = b.where('course.price', '<=', q.max);
    if (q.rating !== undefined) b = b.where('course.ratingAvg', '>=', q.rating);
    return b;
  });
}

function sortOrder(q: SearchQuery) {
  if (q.sort === 'popular') return ['course.enrolledCount', 'course.createdAt'] as const;
  if (q.sort === 'price') return ['course.price', 'course.createdAt'] as const;
  return ['course.createdAt', 'course.enrolledCount'] as const;
}

function sortRows(rows: ScoredRow[], q: SearchQuery): ScoredRow[] {
  const time = (r: ScoredRow) => new Date(r.createdAt).getTime();
  const by: Record<SearchQuery['sort'], (a: ScoredRow, b: ScoredRow) => number> = {
    relevance: (a, b) => b.score - a.score || toNum(b.enrolledCount) - toNum(a.enrolledCount),
    newest: (a, b) => time(b) - time(a),
    popular: (a, b) => toNum(b.enrolledCount) - toNum(a.enrolledCount) || b.score - a.score,
    price: (a, b) => toNum(a.price) - toNum(b.price) || b.score - a.score,
  };
  return [...rows].sort(by[q.sort]);
}

/** Terms for the full-text index as it tokenised the text: lower case, split on anything else. */
function fullTextTerms(q: string): string[] {
  const terms =
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(terms.map((t) => t.slice(0, 40)))].slice(0, MAX_TERMS);
}

async function postgresMatches(db: Kysely<DB>, query: SearchQuery, words: string[]): Promise<ScoredRow[]> {
  const tsq = fullTextTerms(query.q)
    .map((t) => `${t}:*`)
    .join(' & ');
  const fullText = sql<boolean>`"course"."searchVector" @@ to_tsquery('simple', ${tsq})`;
  // Every word must be near a word of the key: `%>` uses the trigram index (word_similarity ≥
  // pg_trgm.word_similarity_threshold, 0.6 by default); the score averages the words' similarities.
  const near = sql.join(
    words.map((w) => sql`"course"."searchKey" %> ${w}`),
    sql` and `,
  );
  const similarity = sql.join(
    words.map((w) => sql`word_similarity(${w}, "course"."searchKey")`),
    sql` + `,
  );
  const rows = await filtered(db, query)
    .select(sql<number>`(case when ${fullText} then 1 else 0 end) + (${similarity}) / ${words.length}`.as('score'))
    .where((eb) => eb.or([fullText, sql<boolean>`(${near})`]))
    .orderBy('score', 'desc')
    .orderBy('course.enrolledCount', 'desc')
    .limit(CANDIDATES)
    .execute();
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

async function sqliteMatches(db: Kysely<DB>, query: SearchQuery, words: string[], limit: number): Promise<ScoredRow[]> {
  const byId = new Map<string, ScoredRow>();
  const terms = fullTextTerms(query.q);
  if (terms.length) {
    // Each term quoted, so FTS5 reads it as a string, with * for prefix matching.
    const match = terms.map((t) => `"${t}"*`).join(' ');
    const hits = await filtered(db, query)
      .innerJoin(
        (eb) =>
          eb
            .selectFrom(sql<{ rowid: number; rank: number }>`"courseFts"`.as('f'))
            .select([sql<number>`"f"."rowid"`.as('rowid'), sql<number>`"f"."rank"`.as('rank')])
            .where(sql<boolean>`"courseFts" match ${match}`)
            .as('hit'),
        (j) => j.on(sql<boolean>`"hit"."rowid" = "course"."rowid"`),
      )
      .orderBy(sql`"hit"."rank"`)
      .limit(CANDIDATES)
      .execute();
    for (const r of hits) byId.set(r.id, { ...r, score: 1 + similarity(words, r) });
  }
  // By relevance, near spellings rank below every full-text match: with enough of those they cannot show.
  if (query.sort === 'relevance' && byId.size >= limit) return [...byId.values()];
  const grams = [...new Set(words.flatMap(innerTrigrams))];
  if (grams.length) {
    const match = grams.map((g) => `"${g}"`).join(' OR ');
    const near = await filtered(db, query)
      .innerJoin(
        (eb) =>
          eb
            .selectFrom(sql<{ rowid: number; rank: number }>`"courseTrigram"`.as('g'))
            .select([sql<number>`"g"."rowid"`.as('rowid'), sql<number>`"g"."rank"`.as('rank')])
            .where(sql<boolean>`"courseTrigram" match ${match}`)
            .orderBy(sql`"g"."rank"`)
            .limit(CANDIDATES)
            .as('near'),
        (j) => j.on(sql<boolean>`"near"."rowid" = "course"."rowid"`),
      )
      .execute();
    for (const r of near) {
      const score = similarity(words, r);
      if (score >= FUZZY_MIN && !byId.has(r.id)) byId.set(r.id, { ...r, score });
    }
  }
  return [...byId.values()];
}

function similarity(words: string[], r: CardRow): number {
  return trigramScore(words, searchWords(`${r.title} ${r.creatorName} ${r.category}`));
}
