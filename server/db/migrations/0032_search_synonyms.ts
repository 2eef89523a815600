import type { DarasaMigration } from './types.ts';

/**
 * Search synonyms added by admins (decision 0049), beside the reviewed list in the repository
 * (`server/modules/catalog/search/searchSynonyms.ts`): a term and what it also means, written as the search
 * compares words. One row per term; `means` is a JSON array of words or phrases.
 */
export const searchSynonyms: DarasaMigration = {
  async up(db, _dialect, t) {
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
