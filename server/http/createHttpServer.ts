import http from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { ServerBuild } from 'react-router';
import { adminRoutes, reversalResultRoutes } from './adminRoutes.ts';
import { analyticsRoutes } from './analyticsRoutes.ts';
import type { AppServices } from './appContext.ts';
import { mountAccountRoutes } from './authAccountRoutes.ts';
import { originCheck } from './authOriginCheck.ts';
import { mountAuthRoutes } from './authRoutes.ts';
import { mountMyListRoutes } from './authMyListRoutes.ts';
import { sessionMiddleware } from './authSession.ts';
import { errorResponse } from './errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { learningRoutes } from './learningRoutes.ts';
import { mediaRoutes } from './mediaRoutes.ts';
import { paymentRoutes } from './paymentRoutes.ts';
import { PageCache } from './pageCache.ts';
import { pageHandler } from './pageRoutes.ts';
import { serveFromMemory } from './rawFastPath.ts';
import { studioRoutes } from './studioRoutes.ts';
import { uploadRoutes } from './uploadRoutes.ts';
import { loadStaticAssets } from './staticAssets.ts';

export interface HttpServerOptions {
  services: AppServices;
  pageCache: PageCache;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  clientDir?: string;
}

export function createHonoApp({ services, pageCache, build }: HttpServerOptions) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => errorResponse(c, err, services.log));
  app.use('*', originCheck(services));
  // Before any body parsing: better-auth reads the raw request itself.
  mountAuthRoutes(app, services);
  app.use('*', sessionMiddleware(services));
  mountAccountRoutes(app, services);
  mountMyListRoutes(app, services);

  app.get('/healthz', async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: 'ok', database: services.database.dialect });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  app.route('/media', mediaRoutes(path.join(services.config.dataDir, 'media')));
  app.route('/api/learning', learningRoutes());
  app.route('/api/uploads', uploadRoutes(services));
  app.route('/api/studio', studioRoutes());
  app.route('/', paymentRoutes(services));
  app.route('/api/admin', adminRoutes());
  app.route('/', reversalResultRoutes(services));
  app.route('/api', analyticsRoutes());

  if (build) {
    const pages = pageHandler(build, pageCache);
    app.all('*', compress(), pages);
  }
  return app;
}

export function createHttpServer(opts: HttpServerOptions): http.Server {
  const app = createHonoApp(opts);
  const assets = loadStaticAssets(opts.clientDir ?? '');
  const listener = getRequestListener(app.fetch);
  return http.createServer((req, res) => {
    if (serveFromMemory(req, res, assets, opts.pageCache)) return;
    void listener(req, res);
  });
}
