import { redirect, type RouterContextProvider } from 'react-router';
import type { Viewer } from '../../server/http/appContext.ts';
import { areaAccess, homePathFor, type Area } from '../../server/modules/access/policies.ts';
import { loginPathFor } from './authRedirect.ts';
import { serverContext } from './serverContext.ts';

/**
 * The one server-side guard of signed-in pages, called first by their loaders (and actions):
 * `const viewer = requireArea(args, 'creator')`. A visitor is sent to /login (and brought back after
 * signing in); someone of another role to their own dashboard. The rule itself is `areaAccess`.
 */
export function requireArea(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  area: Area,
): Viewer {
  const { viewer } = serverContext(args.context);
  const access = areaAccess(viewer, area);
  if (access === 'allow' && viewer) return viewer;
  if (access === 'wrong-role' && viewer) throw redirect(homePathFor(viewer.role));
  const url = new URL(args.request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}
