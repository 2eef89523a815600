import type { AppServices } from '../../http/appContext.ts';
import { authFor } from './auth.ts';

/** Deletes the request's session on the server and answers the cookie-clearing headers. */
export async function signOut(services: AppServices, headers: Headers): Promise<string[]> {
  const { headers: out } = await authFor(services).api.signOut({ headers, returnHeaders: true });
  return out.getSetCookie();
}
