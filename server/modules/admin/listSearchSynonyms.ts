import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { toIso } from '#server/db/values.ts';
import { SEARCH_SYNONYMS, type SearchSynonym } from '../catalog/search/searchSynonyms.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

export interface AddedSynonym extends SearchSynonym {
  id: string;
  createdAt: string;
}

/** The search synonyms: the reviewed list of the repository and the admins' additions, newest first. */
export async function listSearchSynonyms(
  services: Services,
  actor: Actor,
): Promise<{ builtIn: readonly SearchSynonym[]; added: AddedSynonym[] }> {
  requireAdmin(actor);
  const rows = await services.database.db
    .selectFrom('searchSynonym')
    .select(['id', 'term', 'means', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
  return {
    builtIn: SEARCH_SYNONYMS,
    added: rows.map((r) => ({
      id: r.id,
      term: r.term,
      means: JSON.parse(r.means) as string[],
      createdAt: toIso(r.createdAt),
    })),
  };
}
