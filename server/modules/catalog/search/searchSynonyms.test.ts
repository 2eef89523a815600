// The reviewed synonyms list: written as the search compares words, and every entry finds something.
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#common/catalog/categories.ts';
import { searchWords } from '#common/catalog/searchQuery.ts';
import { DEMO_COURSES } from '#server/seed/demoCatalog.ts';
import { SUBJECTS } from '#server/seed/scaleData.ts';
import { SEARCH_SYNONYMS } from './searchSynonyms.ts';

const normal = (s: string) => searchWords(s).join(' ');

describe('search synonyms list', () => {
  it('has one entry per term, each written as the search compares words, meaning something else', () => {
    const terms = SEARCH_SYNONYMS.map((s) => s.term);
    expect(new Set(terms).size).toBe(terms.length);
    for (const { term, means } of SEARCH_SYNONYMS) {
      expect(term, term).toBe(normal(term));
      expect(term.length, term).toBeGreaterThanOrEqual(2);
      expect(means.length, term).toBeGreaterThan(0);
      expect(new Set(means).size, term).toBe(means.length);
      for (const m of means) {
        expect(m, term).toBe(normal(m));
        expect(m, term).not.toBe(term);
      }
    }
  });

  it('maps every term to a category or to words the demo or benchmark catalogue uses', () => {
    const text = [
      ...DEMO_COURSES.flatMap((c) => [c.title, c.description, ...c.episodes]),
      ...Object.values(SUBJECTS).flat(),
    ];
    // As the full-text index splits them too: "M-Pesa" is the phrase "m pesa" there.
    const split = (t: string) =>
      t
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [];
    const words = new Set(text.flatMap((t) => [...searchWords(t), ...split(t)]));
    const phrases = text.flatMap((t) => [normal(t), split(t).join(' ')]);
    const found = (m: string) =>
      (CATEGORIES as readonly string[]).includes(m) ||
      (m.includes(' ') ? phrases.some((p) => p.includes(m)) : [...words].some((w) => w.startsWith(m)));
    const unmapped = SEARCH_SYNONYMS.filter(({ means }) => !means.some(found)).map((s) => s.term);
    expect(unmapped).toEqual([]);
  });
});
