// Metrics label requests by route pattern (`/course/:id`), never by raw URL: a URL label would grow a new
// time series for every id a visitor or a scanner sends.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** The page route pattern a path matches (`*` when none); built once from the React Router manifest. */
export function pageRoutePatterns(build: ServerBuild | undefined): (pathname: string) => string {
  if (!build) return () => '*';
  const manifest = Object.values(build.routes).filter((r) => r !== undefined);
  const toTree = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((r) => r.parentId === parentId)
      .map(
        (r): RouteObject =>
          r.index
            ? { index: true, ...(r.path !== undefined ? { path: r.path } : {}) }
            : { ...(r.path !== undefined ? { path: r.path } : {}), children: toTree(r.id) },
      );
  const tree = toTree(undefined);
  return (pathname) => {
    const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
    const matches = matchRoutes(tree, page);
    if (!matches?.length) return '*';
    const pattern = matches
      .map((m) => m.route.path ?? '')
      .filter(Boolean)
      .join('/');
    return `/${pattern}`.replace(/\/+/g, '/');
  };
}
