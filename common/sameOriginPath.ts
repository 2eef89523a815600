// The one check for every redirect target taken from input (sign-in and sign-up `redirectTo`, the language
// switch's way back): only a path on this site ever leaves it, so none can become an open redirect.

const DUMMY_ORIGIN = 'http://darasa.invalid';
const MAX_LENGTH = 512;
// Control characters (URL parsers drop a tab or newline, and CR/LF would split the header), a backslash
// (read as a slash), or a start that browsers read as another host.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\\]|^\/\//;

/** Unsafe as written or once percent-decoded ("/%09/evil", "/%5Cevil"); undecodable counts as unsafe. */
function unsafe(s: string): boolean {
  try {
    return UNSAFE.test(s) || UNSAFE.test(decodeURIComponent(s));
  } catch {
    return true;
  }
}

/**
 * `value` as a path of this site ("/course/abc?x=1#t"), normalised, or null for anything a browser could
 * take to another host: "//evil", "/\evil", "https://…", "/\t/evil", dot segments that collapse to "//"
 * ("/.//evil", "/%2e%2e//evil"), their percent-escaped spellings, and control characters. The candidate
 * is resolved against a dummy origin with WHATWG URL (as browsers resolve a Location) and kept only if it
 * stays on that origin and is still a plain path once resolved.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_LENGTH || unsafe(value)) return null;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === DUMMY_ORIGIN && !unsafe(path) ? path : null;
}
