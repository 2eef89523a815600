// Metrics label requests by route pattern (`/course/:id`), never by raw URL: a URL label would grow a new
// time series for every id a visitor or a scanner sends.
//
// The label is asked for on every request, cache hits included, so the route tree is flattened, ranked and
// compiled once, at start-up, the way React Router's `matchRoutes` does it on every call (which was most of
// a cached page's cost: issue 24). A label is always one of the tree's patterns or `*`: bounded whatever
// paths arrive, and nothing is kept per path. `routePattern.test.ts` checks it agrees with `matchRoutes`.
import type { ServerBuild } from 'react-router';

interface RouteNode {
  path?: string;
  index?: boolean;
  children: RouteNode[];
}

interface Branch {
  /** `/course/:courseId`: the non-empty paths of the branch's routes, joined. */
  label: string;
  score: number;
  /** Each route's position among its siblings (React Router's tie-break). */
  indexes: number[];
  matcher: RegExp;
}

// React Router's ranking (flattenRoutes/computeScore in react-router 7+).
const paramRe = /^:[\w-]+$/;
const partialParamRe = /^:[\w-]+/;

function computeScore(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (index) score += 2;
  for (const s of segments) {
    if (s === '*') continue;
    score += paramRe.test(s) ? 3 : partialParamRe.test(s) ? 3.5 : s === '' ? 1 : 10;
  }
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

/** React Router's compilePath for a whole branch (end = true, case-insensitive). */
function compile(path: string): RegExp {
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, '/([^\\/]+)');
  source += path.endsWith('*') ? (path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$') : '\\/*$';
  return new RegExp(source, 'i');
}

/** As React Router decodes a path before matching it (an escaped `/` stays escaped). */
function decodePath(path: string): string {
  try {
    return path
      .split('/')
      .map((v) => decodeURIComponent(v).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');

function flatten(routes: RouteNode[], parentPath: string, parentIndexes: number[], parentLabel: string[]): Branch[] {
  const branches: Branch[] = [];
  routes.forEach((route, i) => {
    const relative = route.path ?? '';
    const path = joinPaths([parentPath, relative]);
    const indexes = [...parentIndexes, i];
    const label = relative ? [...parentLabel, relative] : parentLabel;
    if (route.children.length) branches.push(...flatten(route.children, path, indexes, label));
    if (route.path === undefined && !route.index) return;
    branches.push({
      label: `/${label.join('/')}`.replace(/\/+/g, '/'),
      score: computeScore(path, route.index === true),
      indexes,
      matcher: compile(path),
    });
  });
  return branches;
}

/** The page route pattern a path matches (`*` when none); compiled once from the React Router manifest. */
export function pageRoutePatterns(build: Pick<ServerBuild, 'routes'> | undefined): (pathname: string) => string {
  if (!build) return () => '*';
  const manifest = Object.values(build.routes).filter((r) => r !== undefined);
  const toTree = (parentId: string | undefined): RouteNode[] =>
    manifest
      .filter((r) => r.parentId === parentId)
      .map((r) => ({
        ...(r.path !== undefined ? { path: r.path } : {}),
        ...(r.index ? { index: true } : {}),
        children: r.index ? [] : toTree(r.id),
      }));
  const branches = flatten(toTree(undefined), '', [], []);
  branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIndexes(a.indexes, b.indexes)));
  return (pathname) => {
    let page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
    if (page.includes('%')) page = decodePath(page);
    for (const b of branches) if (b.matcher.test(page)) return b.label;
    return '*';
  };
}
