import { redirect, type RouterContextProvider } from 'react-router';
import type { SessionUser } from '#server/core/actor.ts';
import { areaAccess, homePathFor, type Area } from '#server/modules/access/policies.ts';
import { loginPathFor } from '#app/lib/authRedirect.ts';
import { serverContext } from './context.server.ts';

/**
 * The one server-side guard of signed-in pages, called first by their loaders (and actions):
 * `const actor = requireArea(args, 'creator')`. A visitor is sent to /login (and brought back after
 * signing in); someone of another role to their own dashboard. The rule itself is `areaAccess`.
 */
export function requireArea(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  area: Area,
): SessionUser {
  const { actor } = serverContext(args.context);
  const access = areaAccess(actor, area);
  if (access === 'allow' && actor) return actor;
  if (access === 'wrong-role' && actor) throw redirect(homePathFor(actor.role));
  const url = new URL(args.request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}
