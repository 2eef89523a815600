// Course categories as stored (lower case) and as shown. Matching is case-insensitive because values are
// normalised to these keys on every write.
export const CATEGORIES = ['business', 'technology', 'creative arts', 'health', 'education', 'lifestyle'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The categories that get their own row on the landing page, in the order of docs/product.md (landing). */
export const LANDING_CATEGORIES: readonly Category[] = ['business', 'technology', 'creative arts', 'health'];

export function categoryLabel(c: string): string {
  return c.replace(/\b\w/g, (ch) => ch.toUpperCase());
}

export function normaliseCategory(input: string): Category | null {
  const v = input.trim().toLowerCase().replace(/\s+/g, ' ');
  return (CATEGORIES as readonly string[]).includes(v) ? (v as Category) : null;
}

/** A category's place in URLs: `/category/creative-arts`. */
export function categorySlug(c: string): string {
  return c.replace(/ /g, '-');
}

export function categoryFromSlug(slug: string): Category | null {
  const v = slug.replace(/-/g, ' ');
  return (CATEGORIES as readonly string[]).includes(v) ? (v as Category) : null;
}

export function categoryPath(c: string): string {
  return `/category/${categorySlug(c)}`;
}

export function creatorPath(creatorId: string): string {
  return `/creators/${creatorId}`;
}
