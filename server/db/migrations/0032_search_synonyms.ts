import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

/**
 * Search synonyms added by admins (decision 0049), beside the reviewed list in the repository
 * (`server/modules/catalog/search/searchSynonyms.ts`): a term and what it also means, written as the search
 * compares words. One row per term; `means` is a JSON array of words or phrases.
 * On PostgreSQL, a covering index for the search's candidates (the most enrolled matches first): walking it
 * checks a condition on the search key, and the filters, without visiting the table (decision 0049).
 */
export const searchSynonyms: DarasaMigration = {
  async up(db, dialect, t) {
    if (dialect === 'postgres')
      await sql`create index "course_pub_enrolled_search" on "course" ("published", "enrolledCount")
        include ("searchKey", "id", "price", "category", "ratingAvg")`.execute(db);
    await db.schema
      .createTable('searchSynonym')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('term', 'text', (c) => c.notNull().unique())
      .addColumn('means', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'text', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
  },
};
