/**
 * Where to send someone after signing in: only a path on this site ("/course/abc?x=1"). Anything that a
 * browser could read as another host ("//evil.com", "/\\evil.com", "https://…") or that carries control
 * characters is dropped, so `redirectTo` can never become an open redirect.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    // Resolve against a throwaway origin: the result must stay on it.
    const url = new URL(value, 'http://darasa.invalid');
    if (url.origin !== 'http://darasa.invalid') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The sign-in page for someone who tried to open `path`. */
export function loginPathFor(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
