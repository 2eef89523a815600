import type { Services } from '#server/core/services.ts';

/** Deletes the request's session on the server and answers the cookie-clearing headers. */
export async function signOut(services: Services, { headers }: { headers: Headers }): Promise<string[]> {
  const { headers: out } = await services.auth.api.signOut({ headers, returnHeaders: true });
  return out.getSetCookie();
}
