// A real server with its pages, for tests that post to page actions or read rendered pages without a
// production build: Vite compiles React Router's server build and the server from one module graph (the
// pages and the server share request context, as in the bundle; decision 0043). About five seconds.
import { createServer } from 'vite';
import type { PagesBuild } from './startTestServer.ts';
import { startApp, type App } from './testApp.ts';

export async function startPagesApp(cleanups: (() => Promise<void>)[], env: Record<string, string> = {}): Promise<App> {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  cleanups.push(() => vite.close());
  const pages: PagesBuild = {
    build: (await vite.ssrLoadModule('virtual:react-router/server-build')) as PagesBuild['build'],
    startServer: (await vite.ssrLoadModule('/server/composition/startServer.ts')).startServer,
  };
  return startApp(cleanups, env, undefined, pages);
}
