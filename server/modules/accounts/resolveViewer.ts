import type { AppServices, Viewer } from '../../http/appContext.ts';
import { authFor } from './auth.ts';
import { viewerFromUser } from './viewerFromUser.ts';

/**
 * The signed-in person behind a request's cookie, or null. Suspended users have no viewer. When
 * better-auth extends the session it also answers a fresh cookie (in `setCookies`) for the response.
 */
export async function resolveViewer(
  services: AppServices,
  headers: Headers,
): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  const { headers: out, response } = await authFor(services).api.getSession({ headers, returnHeaders: true });
  return { viewer: viewerFromUser(response?.user), setCookies: out.getSetCookie() };
}
