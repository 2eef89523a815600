import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { conflict, invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { newId } from '#server/lib/ids.ts';
import { searchWords } from '#common/catalog/searchQuery.ts';
import { searchSynonymBody } from '#common/catalog/searchSynonymSchema.ts';
import { LONGEST_TERM } from '../catalog/search/searchConcepts.ts';
import { SEARCH_SYNONYMS, type SearchSynonym } from '../catalog/search/searchSynonyms.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

const MAX_MEANINGS = 6;

/**
 * Adds a search synonym (decision 0049), audited: from the next search on, a search for the term also finds
 * what its meanings find. Written as the search compares words (lower case, no accents or hyphens), so
 * "M-Pesa" and "mpesa" are one term. A term of the reviewed list, or one already added, is refused:
 * the list is changed in the repository, an addition is removed first.
 */
export async function addSearchSynonym(services: Services, actor: Actor, input: unknown): Promise<SearchSynonym> {
  requireAdmin(actor);
  const body = parseInput(searchSynonymBody, input);
  const normal = (s: string) => searchWords(s).join(' ');
  const term = normal(body.term);
  if (term.length < 2 || term.split(' ').length > LONGEST_TERM)
    throw invalidInput('Write a word of two letters or more (at most three words).');
  const means = [...new Set(body.means.split(',').map(normal))].filter((m) => m !== '' && m !== term);
  if (means.length === 0) throw invalidInput('Write what it means: words of course titles, or a category.');
  if (means.length > MAX_MEANINGS) throw invalidInput('Give at most six meanings.');
  if (SEARCH_SYNONYMS.some((s) => s.term === term)) throw conflict('This word is already in the built-in list.');
  const { db } = services.database;
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('searchSynonym').select('id').where('term', '=', term).executeTakeFirst();
    if (taken) throw conflict('This word already has synonyms: remove them first.');
    const id = newId();
    await trx
      .insertInto('searchSynonym')
      .values({ id, term, means: JSON.stringify(means), createdBy: actor.userId, createdAt: services.clock.now() })
      .execute();
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: 'synonym.add',
      targetType: 'synonym',
      targetId: id,
      details: { term, means },
    });
    return { term, means };
  });
}
