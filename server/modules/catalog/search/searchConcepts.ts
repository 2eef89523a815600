// What a search asks for (decision 0049): each typed word, or run of words a synonym names ("m pesa"),
// becomes a concept with the phrases that may stand for it: as typed, hyphenated words both joined and
// apart, the other number of an English word, and the synonyms' meanings. The full-text query asks for every
// concept and, within one, any of its phrases; the spelling step and the scores use the typed word.
import type { SearchSynonym } from './searchSynonyms.ts';

export interface SearchConcept {
  /** The typed word(s) as the spelling step and the scores compare them: accents and hyphens dropped. */
  word: string;
  /** Phrases of full-text tokens, any of which matches (the last token of each as a prefix). */
  phrases: string[][];
}

/** Term → meanings, terms as `SearchSynonym.term` writes them. */
export type SynonymIndex = ReadonlyMap<string, readonly string[]>;

const MAX_CONCEPTS = 8;
/** Phrases kept per concept: the typed ones first, then the meanings in their order. */
const MAX_PHRASES = 8;
/** The longest synonym term, in words, looked for in the query. */
export const LONGEST_TERM = 3;
const TOKEN = /[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu;
const JOINER = /[-'’.]/;

const bare = (s: string) => s.normalize('NFKD').replace(/\p{M}+/gu, '');

/** The built-in list and the admins' additions in one look-up; meanings of one term from both are merged. */
export function synonymIndex(...lists: readonly (readonly SearchSynonym[])[]): SynonymIndex {
  const out = new Map<string, string[]>();
  for (const list of lists)
    for (const { term, means } of list) out.set(term, [...new Set([...(out.get(term) ?? []), ...means])]);
  return out;
}

/**
 * The other number of a plain English word, where a prefix of the typed word would miss it: the singular
 * of a plural ("courses" → "course", "classes" → "class", "stories" → "story", "maths" → "math") and the
 * plural of a word in -y ("story" → "stories"); other singulars are prefixes of their plurals already. Only
 * letters-only words of four or more, so short words and Kiswahili (which does not mark plurals with -s)
 * are left alone; the typed word is searched too, so a wrong guess only adds matches.
 */
export function otherNumber(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word) || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

export function searchConcepts(q: string, synonyms: SynonymIndex): SearchConcept[] {
  const typed = (q.normalize('NFKC').toLowerCase().match(TOKEN) ?? []).map((raw) => {
    const parts = raw.split(JOINER).map((p) => p.slice(0, 40));
    return { parts, key: bare(parts.join('')) };
  });
  const concepts: SearchConcept[] = [];
  for (let i = 0; i < typed.length && concepts.length < MAX_CONCEPTS; ) {
    // The longest run of typed words that is a synonym's term, else the word alone.
    let size = Math.min(LONGEST_TERM, typed.length - i);
    while (size > 1 && !synonyms.has(termOf(typed.slice(i, i + size)))) size--;
    const run = typed.slice(i, i + size);
    i += size;
    const word = run.map((t) => t.key).join('');
    const other = otherNumber(word);
    const phrases = [run.flatMap((t) => t.parts), [word], [other]];
    for (const term of new Set([termOf(run), other]))
      for (const m of synonyms.get(term) ?? []) phrases.push(m.split(' '));
    const unique = new Map(phrases.map((p) => [p.join(' '), p]));
    if (!concepts.some((c) => c.word === word))
      concepts.push({ word, phrases: [...unique.values()].slice(0, MAX_PHRASES) });
  }
  return concepts;
}

function termOf(run: { key: string }[]): string {
  return run.map((t) => t.key).join(' ');
}

/** The words a concept's matches are scored against: the typed word and every one-word phrase. */
export function scoringWords(concept: SearchConcept): string[] {
  return [...new Set([concept.word, ...concept.phrases.filter((p) => p.length === 1).map((p) => bare(p[0]!))])];
}

/** The concepts as an FTS5 query: every concept, each as any of its phrases (quoted, last token a prefix). */
export function fts5Query(concepts: readonly SearchConcept[]): string {
  return concepts.map((c) => `(${c.phrases.map((p) => `"${p.join(' ')}"*`).join(' OR ')})`).join(' AND ');
}

/** The concepts as a PostgreSQL tsquery, each token limited to the tsvector `weights` given ('' for any). */
export function tsQuery(concepts: readonly SearchConcept[], weights: string): string {
  const token = (t: string, last: boolean) => (last ? `${t}:*${weights}` : weights ? `${t}:${weights}` : t);
  return concepts
    .map((c) => `(${c.phrases.map((p) => p.map((t, i) => token(t, i === p.length - 1)).join(' <-> ')).join(' | ')})`)
    .join(' & ');
}
