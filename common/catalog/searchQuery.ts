import { z } from 'zod';
import { CATEGORIES } from './categories.ts';

export const SEARCH_SORTS = ['relevance', 'newest', 'popular', 'price'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

const whole = z.coerce.number().int().min(0).max(10_000_000);

/**
 * The search page's query string. A search link is typed, shared and edited by hand, so a value that makes
 * no sense is dropped (`catch`) rather than refused: the page still answers with what it understood.
 */
export const searchQuery = z.object({
  q: z.string().trim().max(200).catch(''),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  price: z.enum(['free', 'paid']).optional().catch(undefined),
  min: whole.optional().catch(undefined),
  max: whole.optional().catch(undefined),
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).catch('relevance'),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** The query string's fields as a plain object (empty fields left out, so they take their defaults). */
export function searchQueryFrom(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (v !== '' && !(k in out)) out[k] = v;
  return out;
}

/**
 * Text as the search compares it: lower case, accents dropped ("é" → "e"), and hyphens, apostrophes and
 * dots inside words removed ("M-Pesa" → "mpesa"), so the way a name is written does not matter.
 */
export function searchWords(input: string): string[] {
  return (
    input
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/(?<=[\p{L}\p{N}])[-'’.](?=[\p{L}\p{N}])/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}
