import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { searchQuery } from '#common/catalog/searchQuery.ts';
import { findCoursesInTx } from './findCoursesInTx.ts';
import { readSynonymsInTx } from './readSynonymsInTx.ts';

const SUGGESTIONS = 6;

export interface Suggestion {
  id: string;
  title: string;
  creatorName: string;
}

/** Suggestions while typing in the top bar: the few best matches for the words so far. */
export async function suggestCourses(services: Services, actor: Actor, input: unknown): Promise<Suggestion[]> {
  const { q } = parseInput(searchQuery.pick({ q: true }), input);
  if (q.length < 2) return [];
  const { db, dialect } = services.database;
  const synonyms = await readSynonymsInTx(db);
  const found = await findCoursesInTx(db, { dialect, query: { q, sort: 'relevance' }, limit: SUGGESTIONS, synonyms });
  return found.map(({ id, title, creatorName }) => ({ id, title, creatorName }));
}
