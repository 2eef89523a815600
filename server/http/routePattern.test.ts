// The route label compiled once at start-up must name the same pattern React Router's own matchRoutes finds
// (what the label was computed with, per request, before issue 24), for the app's real route table.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '#app/routes.ts';
import { pageRoutePatterns } from './routePattern.ts';

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };

/** A server build's route manifest (id, parentId, path, index) for the app's route config. */
function manifestOf(entries: Entry[]): Pick<ServerBuild, 'routes'> {
  const out: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: 'root', path: '' },
  };
  const walk = (list: Entry[], parentId: string) => {
    for (const e of list) {
      const id = e.id ?? e.file.replace(/\.tsx?$/, '');
      out[id] = {
        id,
        parentId,
        ...(e.path !== undefined ? { path: e.path } : {}),
        ...(e.index ? { index: true } : {}),
      };
      walk(e.children ?? [], id);
    }
  };
  walk(entries, 'root');
  return { routes: out as unknown as ServerBuild['routes'] };
}

/** The label as it was computed before: React Router's matchRoutes over the same tree. */
function byMatchRoutes(build: Pick<ServerBuild, 'routes'>): (pathname: string) => string {
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
    return `/${matches
      .map((m) => m.route.path ?? '')
      .filter(Boolean)
      .join('/')}`.replace(/\/+/g, '/');
  };
}

const PATHS = [
  '/',
  '/_root.data',
  '/course/abc123',
  '/course/abc123.data',
  '/course/abc123/',
  '/COURSE/abc',
  '/course',
  '/course/a/b',
  '/learn/c1/2',
  '/learn/c1',
  '/search',
  '/search.data',
  '/downloads',
  '/category/music',
  '/creators/u1',
  '/certificates/X-1',
  '/customer',
  '/customer/',
  '/customer/purchases',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/account',
  '/creator',
  '/creator/course/c1',
  '/creator/course/c1/analytics',
  '/creator/earnings',
  '/creator/earnings/statement',
  '/admin',
  '/admin/',
  '/admin/users',
  '/admin/courses',
  '/admin/purchases',
  '/admin/payouts',
  '/admin/jobs',
  '/admin/audit',
  '/admin/reviews',
  '/admin/nothing',
  '/nothing/at/all',
  '/wp-login.php',
  '/course/%41b',
  '/cour%73e/x',
  '/course/a%2Fb',
  '/course/%E0%A4%A',
  '//course//x',
];

describe('page route labels', () => {
  const build = manifestOf(routes as Entry[]);
  const compiled = pageRoutePatterns(build);
  const reference = byMatchRoutes(build);

  it.each(PATHS)('%s has the label matchRoutes gives', (p) => {
    expect(compiled(p)).toBe(reference(p));
  });

  it('names patterns, never the ids in a path', () => {
    expect(compiled('/course/abc123')).toBe('/course/:courseId');
    expect(compiled('/course/abc123.data')).toBe('/course/:courseId');
    expect(compiled('/')).toBe('/');
    expect(compiled('/admin')).toBe('/admin');
    expect(compiled('/anything-else')).toBe('/*');
  });

  it('is * without a build', () => {
    expect(pageRoutePatterns(undefined)('/course/x')).toBe('*');
  });
});
