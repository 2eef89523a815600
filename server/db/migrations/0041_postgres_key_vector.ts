import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

/**
 * The PostgreSQL search's candidates read from one index (decision 0046): `keyVector` is the title,
 * creator and category part of `searchVector` (0003's weights A and B, the same expression, so the same
 * lexemes and positions), small enough to be carried in the covering index of the most enrolled courses.
 * Walking that index, the most enrolled first, then checks a full-text match of the key without visiting
 * the table; before, each course walked past was read from the table to check `searchVector` (about 12,000
 * for "cooking" at 100,000 courses). Its own GIN index serves rare words, whose matches are fewer than a
 * walk would pass. 0032's covering index stays: it is half the size for the walks that check only the
 * search key (near spellings). SQLite has nothing to add (decision 0028 reads its FTS5 tables).
 */
export const postgresKeyVector: DarasaMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    await sql`alter table "course" add column "keyVector" tsvector generated always as (
      setweight(to_tsvector('simple', coalesce("title", '')), 'A') ||
      setweight(to_tsvector('simple', coalesce("creatorName", '') || ' ' || coalesce("category", '')), 'B')
    ) stored`.execute(db);
    await sql`create index "course_key_search" on "course" using gin ("keyVector")`.execute(db);
    await sql`create index "course_pub_enrolled_key" on "course" ("published", "enrolledCount")
      include ("keyVector", "searchKey", "id", "price", "category", "ratingAvg")`.execute(db);
  },
};
