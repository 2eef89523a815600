/**
 * An element id from words that may hold spaces or other characters ("row-cat-creative arts"): lower case,
 * every run of anything but letters and digits one dash. The same words always give the same id, so the
 * server's HTML and the hydrated page agree, and an `aria-labelledby` naming it names one element.
 */
export function domId(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
