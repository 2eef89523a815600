import { CATEGORIES, type Category } from '#common/catalog/categories.ts';
import { searchWords } from '#common/catalog/searchQuery.ts';
import { scoringWords, type SearchConcept, type SynonymIndex } from './searchConcepts.ts';
import { trigramScorer } from './trigramScore.ts';

/** At most this many categories are suggested. */
const SUGGESTED = 3;
/** A looser bar than the search's 0.6: this only offers a way on, it does not claim a match. */
const NEAR = 0.45;

/**
 * The categories nearest to a search that found nothing (decision 0049): a category is near when a typed
 * word or one of its meanings is, or is close in spelling to, the category's name or a synonym's term that
 * means it ("biashra" → business, by "biashara"). Nearest first; every category when none is near, so the
 * page always offers a way on.
 */
export function nearestCategories(concepts: readonly SearchConcept[], synonyms: SynonymIndex): Category[] {
  const names = new Map<Category, string[]>(CATEGORIES.map((c) => [c, searchWords(c)]));
  for (const [term, means] of synonyms)
    for (const c of CATEGORIES) if (means.includes(c) && !term.includes(' ')) names.get(c)!.push(term);
  const scorers = concepts.flatMap((c) => scoringWords(c).map((w) => trigramScorer([w])));
  const near = CATEGORIES.map((c) => ({ c, score: Math.max(0, ...scorers.map((s) => s(names.get(c)!))) }))
    .filter(({ score }) => score >= NEAR)
    .sort((a, b) => b.score - a.score)
    .map(({ c }) => c);
  return near.length ? near.slice(0, SUGGESTED) : [...CATEGORIES];
}
