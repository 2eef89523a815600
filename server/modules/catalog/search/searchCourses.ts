import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { searchQuery, type SearchQuery } from '#common/catalog/searchQuery.ts';
import type { CourseCard } from '../courseCard.ts';
import { findCoursesInTx } from './findCoursesInTx.ts';
import { readSynonymsInTx } from './readSynonymsInTx.ts';
import { nearestCategories } from './nearestCategories.ts';
import { searchConcepts } from './searchConcepts.ts';
import type { Category } from '#common/catalog/categories.ts';

const SEARCH_LIMIT = 48;

/**
 * The search page: published courses matching the words (typos forgiven, synonyms understood) and filters,
 * in the chosen order; when words found nothing, the categories nearest to them (`categories`, else empty).
 */
export async function searchCourses(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ query: SearchQuery; results: CourseCard[]; categories: Category[] }> {
  const query = parseInput(searchQuery, input);
  const { db, dialect } = services.database;
  const synonyms = await readSynonymsInTx(db);
  const results = await findCoursesInTx(db, { dialect, query, limit: SEARCH_LIMIT, synonyms });
  const categories =
    results.length === 0 && query.q ? nearestCategories(searchConcepts(query.q, synonyms), synonyms) : [];
  return { query, results, categories };
}
