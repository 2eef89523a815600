import { z } from 'zod';
import { ogImageUrl } from '#common/media/urls.ts';
import type { CardRow } from './courseCard.ts';

/** Courses per page on category and creator pages. */
export const PAGE_SIZE = 24;
/** Deep pages are refused: nobody pages that far, and large offsets cost the database. */
const MAX_PAGE = 400;

export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

export interface Paged {
  page: number;
  hasNext: boolean;
}

/** Splits a query's PAGE_SIZE + 1 rows into the page and whether a next page exists. */
export function splitPage<R extends CardRow>(rows: R[], page: number): { rows: R[] } & Paged {
  return { rows: rows.slice(0, PAGE_SIZE), page, hasNext: rows.length > PAGE_SIZE };
}

export const offsetOf = (page: number) => (page - 1) * PAGE_SIZE;

/** The link-preview picture of a list page: the JPEG of its first course with a thumbnail. */
export function listOgImage(rows: CardRow[], preferred: string | null = null): string | null {
  const id = preferred ?? rows.find((r) => r.thumbnailId)?.thumbnailId;
  return id ? ogImageUrl(id) : null;
}
