import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { searchQuery, type SearchQuery } from '#common/catalog/searchQuery.ts';
import type { CourseCard } from '../courseCard.ts';
import { findCoursesInTx } from './findCoursesInTx.ts';

const SEARCH_LIMIT = 48;

/** The search page: published courses matching the words (typos forgiven) and filters, in the chosen order. */
export async function searchCourses(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ query: SearchQuery; results: CourseCard[] }> {
  const query = parseInput(searchQuery, input);
  const { db, dialect } = services.database;
  return { query, results: await findCoursesInTx(db, { dialect, query, limit: SEARCH_LIMIT }) };
}
