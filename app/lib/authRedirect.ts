/** The sign-in page for someone who tried to open `path`. */
export function loginPathFor(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
