import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { synonymIndex, type SynonymIndex } from './searchConcepts.ts';
import { SEARCH_SYNONYMS } from './searchSynonyms.ts';

/**
 * The synonyms a search uses: the reviewed list and the admins' additions (migration 0032). Read per search:
 * the table holds tens of rows, one indexed read is cheaper to reason about than a cache kept fresh across
 * processes.
 */
export async function readSynonymsInTx(trx: Kysely<DB>): Promise<SynonymIndex> {
  const added = await trx.selectFrom('searchSynonym').select(['term', 'means']).execute();
  return synonymIndex(
    SEARCH_SYNONYMS,
    added.map((r) => ({ term: r.term, means: JSON.parse(r.means) as string[] })),
  );
}
