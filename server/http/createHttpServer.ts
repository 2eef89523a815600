import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { ServerBuild } from 'react-router';
import { adminRoutes, reversalResultRoutes } from './adminRoutes.ts';
import { analyticsRoutes } from './analyticsRoutes.ts';
import { catalogRoutes } from './catalogRoutes.ts';
import type { Services } from '../core/services.ts';
import { mountAccountRoutes } from './accountRoutes.ts';
import { originCheck } from './originCheck.ts';
import { smsRoutes } from './smsRoutes.ts';
import { mountAuthRoutes } from './authRoutes.ts';
import { mountMyListRoutes } from './myListRoutes.ts';
import { sessionMiddleware } from './session.ts';
import { errorResponse } from './errorResponse.ts';
import type { AppEnv } from './honoEnv.ts';
import { languageRoutes } from './languageRoutes.ts';
import { learningRoutes } from './learningRoutes.ts';
import { reviewRoutes } from './reviewRoutes.ts';
import { certificateRoutes } from './certificateRoutes.ts';
import { mediaRoutes } from './mediaRoutes.ts';
import { offlineRoutes } from './offlineRoutes.ts';
import { paymentRoutes } from './paymentRoutes.ts';
import type { PageCache } from './pageCache.ts';
import { pageHandler } from './pageRoutes.ts';
import { serveFromMemory } from './rawFastPath.ts';
import { missingFileNotFound, seoRoutes } from './seoRoutes.ts';
import { studioRoutes } from './studioRoutes.ts';
import { couponRoutes } from './couponRoutes.ts';
import { payoutRoutes } from './payoutRoutes.ts';
import { uploadRoutes } from './uploadRoutes.ts';
import { loadStaticAssets } from './staticAssets.ts';
import { securityHeaders, setSecurityHeaders, setShellPolicy } from './securityHeaders.ts';

export interface HttpServerOptions {
  services: Services;
  pageCache: PageCache;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  clientDir?: string;
}

function createHonoApp({ services, pageCache, build }: HttpServerOptions) {
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

  app.route('/media', mediaRoutes(services));
  app.route('/', languageRoutes());
  app.route('/api/learning', learningRoutes());
  app.route('/api/offline', offlineRoutes());
  app.route('/api/reviews', reviewRoutes());
  app.route('/api/certificates', certificateRoutes());
  app.route('/api/uploads', uploadRoutes(services));
  app.route('/api/studio', studioRoutes());
  app.route('/api', couponRoutes());
  app.route('/', paymentRoutes(services));
  app.route('/', smsRoutes(services));
  app.route('/api/admin', adminRoutes());
  app.route('/', reversalResultRoutes(services));
  app.route('/', payoutRoutes(services));
  app.route('/api', analyticsRoutes());
  app.route('/api/search', catalogRoutes());

  app.route('/', seoRoutes(pageCache));
  app.use('*', missingFileNotFound());

  if (build) {
    const pages = pageHandler(build, pageCache);
    app.all('*', compress(), pages);
  }
  return app;
}

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Static files from memory, then the Hono app. */
export function createRequestHandler(opts: HttpServerOptions): RequestHandler {
  const app = createHonoApp(opts);
  const assets = loadStaticAssets(opts.clientDir ?? '');
  const listener = getRequestListener(app.fetch);
  const headers = securityHeaders(opts.services.config);
  return (req, res) => {
    setSecurityHeaders(res, headers);
    setShellPolicy(res, req.url);
    if (serveFromMemory(req, res, assets, opts.pageCache)) return;
    void listener(req, res);
  };
}

export function createHttpServer(opts: HttpServerOptions): http.Server {
  return http.createServer(createRequestHandler(opts));
}
