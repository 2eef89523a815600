import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { searchWords, type SearchQuery } from '#common/catalog/searchQuery.ts';
import {
  fts5Query,
  scoringWords,
  searchConcepts,
  tsQuery,
  type SearchConcept,
  type SynonymIndex,
} from './searchConcepts.ts';
import { cardColumns, publishedCards, toCard, type CardRow, type CourseCard } from '../courseCard.ts';
import { innerTrigrams, trigramScorer } from './trigramScore.ts';

/** Text matches considered before sorting: the best this many by relevance. */
const CANDIDATES = 200;
/** Up to this many fuzzy matches are fetched by rowid; more are found through the enrolled-count index. */
const DIRECT_LOOKUPS = 500;
/** Catalog words compared with one query word in the spelling step: the best this many by trigrams shared. */
const VOCABULARY_CANDIDATES = 100;
/** The least trigram similarity that counts as a match (pg_trgm's default word_similarity_threshold). */
const FUZZY_MIN = 0.6;

type ScoredRow = CardRow & { score: number };

/**
 * Finds published courses for a search: full-text prefix matches (FTS5 / tsvector, index 0003) of every
 * word or any of its other spellings and synonyms (decision 0049) and, next to them, near spellings by
 * trigram similarity (index 0018), under the query's filters, sorted. Full-text matches rank above fuzzy
 * ones. Words are reduced to letters and digits first, so operators in the input are just text.
 */
export async function findCoursesInTx(
  trx: Kysely<DB>,
  {
    dialect,
    query,
    limit,
    synonyms,
  }: { dialect: DialectName; query: SearchQuery; limit: number; synonyms: SynonymIndex },
): Promise<CourseCard[]> {
  const concepts = searchConcepts(query.q, synonyms);
  if (concepts.length === 0) {
    const [first, second] = sortOrder(query);
    const rows = await filtered(trx, query)
      .orderBy(first, query.sort === 'price' ? 'asc' : 'desc')
      .orderBy(second, 'desc')
      .orderBy('course.id')
      .limit(limit)
      .execute();
    return rows.map(toCard);
  }
  const rows =
    dialect === 'postgres'
      ? await postgresMatches(trx, query, concepts, limit)
      : await sqliteMatches(trx, query, concepts, limit);
  return sortRows(rows, query).slice(0, limit).map(toCard);
}

function filtered(db: Kysely<DB>, q: SearchQuery) {
  return db.selectFrom('course').$call(publishedCards).$call(underFilters(q));
}

/** The query's filters as conditions on `course`. */
function underFilters(q: SearchQuery) {
  return <O>(qb: SelectQueryBuilder<DB, 'course', O>) => {
    let b = qb;
    if (q.category) b = b.where('course.category', '=', q.category);
    if (q.price === 'free') b = b.where('course.price', '=', 0);
    if (q.price === 'paid') b = b.where('course.price', '>', 0);
    if (q.min !== undefined) b = b.where('course.price', '>=', q.min);
    if (q.max !== undefined) b = b.where('course.price', '<=', q.max);
    if (q.rating !== undefined) b = b.where('course.ratingAvg', '>=', q.rating);
    return b;
  };
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

/**
 * PostgreSQL (decision 0046), in the same steps as SQLite (decision 0028): candidates are picked through the
 * indexes, the most enrolled first and at most CANDIDATES at a time, and only they are scored with
 * `word_similarity`. Full-text matches in the title, creator or category (tsvector weights A and B) come
 * first, description-only ones fill up to CANDIDATES; near spellings are looked for only while exact
 * matches are few, through the spelling step (`searchWord`, migration 0030). Scoring every full-text or
 * trigram match of a common word before keeping 200 was most of a search's time at 100,000 courses.
 */
async function postgresMatches(
  db: Kysely<DB>,
  query: SearchQuery,
  concepts: SearchConcept[],
  limit: number,
): Promise<ScoredRow[]> {
  const byId = new Map<string, ScoredRow>();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  // `keyVector` is `searchVector`'s weights A and B (migration 0041): the same matches, read from the
  // covering index the candidates are walked in, without visiting the table for each course passed.
  const inKey = sql<boolean>`"course"."keyVector" @@ to_tsquery('simple', ${tsQuery(concepts, 'AB')})`;
  const anywhere = sql<boolean>`"course"."searchVector" @@ to_tsquery('simple', ${tsQuery(concepts, '')})`;
  const rows = await mostEnrolledPostgres(db, query, concepts, inKey);
  if (rows.length < CANDIDATES)
    rows.push(...(await mostEnrolledPostgres(db, query, concepts, sql`${anywhere} and not ${inKey}`)));
  for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, { ...r, score: 1 + mean(r.closeness) });
  // By relevance, near spellings rank below every full-text match: with enough of those they cannot show.
  // In another order they could, but with CANDIDATES words spelt as typed they would only be noise.
  if (byId.size >= (query.sort === 'relevance' ? limit : CANDIDATES)) return [...byId.values()];
  const near = await nearSpellingsPostgres(
    db,
    concepts.map((c) => c.word),
  );
  if (near) {
    // The courses whose key holds, for every query word, one of its near words (a substring: the key's
    // trigram index finds it and `like` checks it cheaply), the most enrolled first; each query word must
    // still be near a word of the key (`%>`'s test: word_similarity ≥ FUZZY_MIN).
    const holds = sql.join(
      near.map(
        ({ close }) =>
          sql`(${sql.join(
            close.map((w) => sql`"course"."searchKey" like ${`%${w}%`}`),
            sql` or `,
          )})`,
      ),
      sql` and `,
    );
    const checked = near.map(({ index }) => index);
    for (const r of await mostEnrolledPostgres(db, query, concepts, sql<boolean>`${holds}`)) {
      if (checked.every((i) => r.closeness[i]! >= FUZZY_MIN) && !byId.has(r.id))
        byId.set(r.id, { ...r, score: mean(r.closeness) });
    }
  }
  return [...byId.values()];
}

/**
 * The published courses matching `where` under the query's filters, the most enrolled first (at most
 * CANDIDATES), each with every concept's `word_similarity` to its search key (the best of its scoring
 * words). The limited subquery reads only what the covering indexes `course_pub_enrolled_key` (migration
 * 0041: with `keyVector`) and `course_pub_enrolled_search` (0032) hold, so a condition on the key is checked
 * without visiting the table; the kept rows' cards and similarities are read after it.
 */
async function mostEnrolledPostgres(
  db: Kysely<DB>,
  query: SearchQuery,
  concepts: SearchConcept[],
  where: RawBuilder<boolean>,
): Promise<(CardRow & { closeness: number[] })[]> {
  const hits = db
    .selectFrom('course')
    .select(['course.id', sql<string>`"course"."searchKey"`.as('searchKey')])
    .where('course.published', '=', true)
    .$call(underFilters(query))
    .where(where)
    .orderBy('course.enrolledCount', 'desc')
    .limit(CANDIDATES)
    .as('hit');
  const similarities = sql.join(
    concepts.map(
      (c) => sql`greatest(${sql.join(scoringWords(c).map((w) => sql`word_similarity(${w}, "hit"."searchKey")`))})`,
    ),
  );
  const rows = await db
    .selectFrom(hits)
    .innerJoin('course', 'course.id', 'hit.id')
    .select(cardColumns)
    .select(sql<number[]>`array[${similarities}]`.as('closeness'))
    .execute();
  return rows.map((r) => ({ ...r, closeness: r.closeness.map(Number) }));
}

/**
 * The spelling step on PostgreSQL: for each query word of three letters or more (by its index in `words`),
 * the catalog's words (`searchWord`, migration 0030) it is near (`%>`: word_similarity ≥ FUZZY_MIN), the
 * closest VOCABULARY_CANDIDATES, in one query. Null when a word has none (every word must be near) or no
 * word is long enough.
 */
async function nearSpellingsPostgres(
  db: Kysely<DB>,
  words: string[],
): Promise<{ index: number; close: string[] }[] | null> {
  const spelt = words.map((word, index) => ({ word, index })).filter(({ word }) => innerTrigrams(word).length > 0);
  if (spelt.length === 0) return null;
  const { rows } = await sql<{ index: number; word: string }>`${sql.join(
    spelt.map(
      ({ word, index }) => sql`(select ${index}::int as "index", "word" from "searchWord" where "word" %> ${word}
        order by word_similarity(${word}, "word") desc limit ${VOCABULARY_CANDIDATES})`,
    ),
    sql` union all `,
  )}`.execute(db);
  const out = spelt.map(({ index }) => ({ index, close: rows.filter((r) => r.index === index).map((r) => r.word) }));
  return out.every(({ close }) => close.length > 0) ? out : null;
}

async function sqliteMatches(
  db: Kysely<DB>,
  query: SearchQuery,
  concepts: SearchConcept[],
  limit: number,
): Promise<ScoredRow[]> {
  const byId = new Map<string, ScoredRow>();
  // As on PostgreSQL: each concept scores its best scoring word, averaged over the concepts.
  const scorers = concepts.map((c) => scoringWords(c).map((w) => trigramScorer([w])));
  const similarity = (r: CardRow) => {
    const keyWords = searchWords(`${r.title} ${r.creatorName} ${r.category}`);
    return scorers.reduce((sum, s) => sum + Math.max(...s.map((score) => score(keyWords))), 0) / scorers.length;
  };
  // Matches in the title, creator or category come first; description-only ones fill up to CANDIDATES.
  const match = fts5Query(concepts);
  const inKey = await mostEnrolledMatching(db, query, 'courseFts', `{title creatorName category} : (${match})`);
  const rows =
    inKey.length < CANDIDATES ? [...inKey, ...(await mostEnrolledMatching(db, query, 'courseFts', match))] : inKey;
  for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, { ...r, score: 1 + similarity(r) });
  // By relevance, near spellings rank below every full-text match: with enough of those they cannot show.
  // In another order they could, but with CANDIDATES words spelt as typed they would only be noise.
  if (byId.size >= (query.sort === 'relevance' ? limit : CANDIDATES)) return [...byId.values()];
  const near = await nearSpellings(
    db,
    concepts.map((c) => c.word),
  );
  if (near) {
    // The spelling step found, for every query word, words of the catalog close to it: the courses whose
    // key holds one of each (phrases in the trigram index are substrings), the most enrolled first.
    const match = near.map((ws) => `(${ws.map((w) => `"${w}"`).join(' OR ')})`).join(' AND ');
    const rows = await mostEnrolledMatching(db, query, 'courseTrigram', match);
    for (const r of rows) {
      const closeness = similarity(r);
      if (closeness >= FUZZY_MIN && !byId.has(r.id)) byId.set(r.id, { ...r, score: closeness });
    }
  }
  return [...byId.values()];
}

/**
 * Published courses whose row in an FTS5 table matches, under the query's filters, the most enrolled first
 * (at most CANDIDATES), without bm25: ranking every match of a common word was most of a search's time at
 * 100,000 courses. A few matches are read by rowid; many are read by walking the enrolled-count index until
 * CANDIDATES match (the `+` keeps SQLite from fetching every matching row by rowid to sort them).
 */
async function mostEnrolledMatching(
  db: Kysely<DB>,
  query: SearchQuery,
  table: 'courseFts' | 'courseTrigram',
  match: string,
): Promise<CardRow[]> {
  const { rows: hits } = await sql<{ rowid: number }>`select "rowid" from ${sql.table(table)}
    where ${sql.table(table)} match ${match} limit ${DIRECT_LOOKUPS + 1}`.execute(db);
  if (hits.length === 0) return [];
  const matching =
    hits.length <= DIRECT_LOOKUPS
      ? sql<boolean>`"course"."rowid" in (${sql.join(hits.map((h) => h.rowid))})`
      : sql<boolean>`+"course"."rowid" in (select "rowid" from ${sql.table(table)} where ${sql.table(table)} match ${match})`;
  return filtered(db, query).where(matching).orderBy('course.enrolledCount', 'desc').limit(CANDIDATES).execute();
}

/**
 * The spelling step (decision 0028): for each query word of three letters or more, the catalog's words
 * (`searchWord`, migration 0023) whose similarity to it reaches FUZZY_MIN, found through their own trigram
 * index. Null when a word has none (every word must be near, as on PostgreSQL) or no word is long enough.
 */
async function nearSpellings(db: Kysely<DB>, words: string[]): Promise<string[][] | null> {
  const out: string[][] = [];
  for (const word of words) {
    const grams = innerTrigrams(word);
    if (grams.length === 0) continue;
    const { rows } = await sql<{ word: string }>`select "word" from "searchWordTrigram"
      where "searchWordTrigram" match ${grams.map((g) => `"${g}"`).join(' OR ')}
      order by "rank" limit ${VOCABULARY_CANDIDATES}`.execute(db);
    const score = trigramScorer([word]);
    const close = rows.map((r) => r.word).filter((w) => score(searchWords(w)) >= FUZZY_MIN);
    if (close.length === 0) return null;
    out.push(close);
  }
  return out.length ? out : null;
}
