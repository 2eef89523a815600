import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { routePath } from 'hono/route';
import type { ServerBuild } from 'react-router';
import { adminRoutes, reversalResultRoutes } from './adminRoutes.ts';
import { analyticsRoutes } from './analyticsRoutes.ts';
import { catalogRoutes } from './catalogRoutes.ts';
import { notFound } from '../core/errors.ts';
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
import { questionRoutes } from './questionRoutes.ts';
import { certificateRoutes } from './certificateRoutes.ts';
import { mediaRoutes } from './mediaRoutes.ts';
import { offlineRoutes } from './offlineRoutes.ts';
import { paymentRoutes } from './paymentRoutes.ts';
import { MPESA_CALLBACK_PATHS, mpesaCallbackSource } from './mpesaCallbackSource.ts';
import type { PageCache } from './pageCache.ts';
import { pageHandler } from './pageRoutes.ts';
import { memoryServer } from './rawFastPath.ts';
import { missingFileNotFound, seoRoutes } from './seoRoutes.ts';
import { studioRoutes } from './studioRoutes.ts';
import { couponRoutes } from './couponRoutes.ts';
import { affiliateRoutes } from './affiliateRoutes.ts';
import { announcementRoutes } from './announcementRoutes.ts';
import { payoutRoutes } from './payoutRoutes.ts';
import { uploadRoutes } from './uploadRoutes.ts';
import { loadStaticAssets } from './staticAssets.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { opsRoutes } from './opsRoutes.ts';
import { requestIdOf } from './requestId.ts';
import { pageRoutePatterns } from './routePattern.ts';
import { withRequestLogContext } from '../logging/logger.ts';
import { securityHeaders, setSecurityHeaders, setShellPolicy } from './securityHeaders.ts';

export interface HttpServerOptions {
  services: Services;
  pageCache: PageCache;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  clientDir?: string;
  /** True once the process is shutting down: /readyz answers 503 so balancers stop sending requests. */
  stopping?: () => boolean;
}

/** Which Hono route answered a request (its pattern), for the latency metric. */
type RouteLabels = WeakMap<http.ServerResponse, string>;

function createHonoApp(
  { services, pageCache, build, stopping }: HttpServerOptions,
  metrics: Metrics,
  labels: RouteLabels,
) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => errorResponse(c, err, services.log));
  app.use('*', async (c, next) => {
    await next();
    // After the chain, routePath names the handler that answered (sub-apps' routes carry their full path).
    labels.set(c.env.outgoing, routePath(c));
  });
  app.route('/', opsRoutes(services, metrics, stopping ?? (() => false)));
  // No id holds a NUL character (PostgreSQL cannot even be asked about one): such an address is not found.
  for (const prefix of ['/api/*', '/media/*'])
    app.use(prefix, async (c, next) => {
      if (/%00/.test(new URL(c.req.url).pathname)) throw notFound();
      await next();
    });
  app.use('*', originCheck(services));
  // Before any body parsing: better-auth reads the raw request itself.
  mountAuthRoutes(app, services);
  app.use('*', sessionMiddleware(services));
  mountAccountRoutes(app, services);
  mountMyListRoutes(app, services);

  app.route('/media', mediaRoutes(services));
  app.route('/', languageRoutes());
  app.route('/api/learning', learningRoutes());
  app.route('/api/offline', offlineRoutes());
  app.route('/api/reviews', reviewRoutes());
  app.route('/api/questions', questionRoutes());
  app.route('/api/certificates', certificateRoutes());
  app.route('/api/uploads', uploadRoutes(services, metrics));
  app.route('/api/studio', studioRoutes());
  app.route('/api', couponRoutes());
  app.route('/api', affiliateRoutes());
  app.route('/api', announcementRoutes());
  const callbackSource = mpesaCallbackSource(services);
  for (const path of MPESA_CALLBACK_PATHS) app.use(path, callbackSource);
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

/**
 * Every route the Hono app answers (method and pattern; middleware and the pages' catch-all left out), so
 * the red-team fuzz reaches each one without a hand-kept list.
 */
export function honoRoutes(opts: HttpServerOptions): { method: string; path: string }[] {
  const app = createHonoApp(
    { ...opts, build: undefined },
    createMetrics(opts.services.database, opts.pageCache),
    new WeakMap(),
  );
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== 'ALL' || !r.path.endsWith('*'))
    .map(({ method, path }) => ({ method, path }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * Static files from memory, then the Hono app. Every request gets an id (a sane incoming X-Request-Id or
 * a new one), echoed in the response and carried by every log line written while it is handled, and its
 * latency is recorded under its route pattern.
 */
export function createRequestHandler(opts: HttpServerOptions): RequestHandler {
  const labels: RouteLabels = new WeakMap();
  const metrics = createMetrics(opts.services.database, opts.pageCache);
  const app = createHonoApp(opts, metrics, labels);
  const assets = loadStaticAssets(opts.clientDir ?? '');
  const listener = getRequestListener(app.fetch);
  const headers = securityHeaders(opts.services.config);
  const fromMemory = memoryServer(assets, opts.pageCache, headers);
  // Compiled once: the label of a page or cache hit is one of the route table's patterns (issue 24).
  const pagePattern = pageRoutePatterns(opts.build);
  const { log } = opts.services;
  const observe = (req: http.IncomingMessage, res: http.ServerResponse, route: string, reqId: string, ms: number) => {
    metrics.observeRequest(req.method ?? 'GET', route, res.statusCode, ms / 1000);
    if (log.isLevelEnabled('debug'))
      withRequestLogContext(reqId, () =>
        log.debug({ method: req.method, route, status: res.statusCode, ms: Math.round(ms) }, 'request'),
      );
  };
  const pathOf = (url: string | undefined) => {
    const u = url ?? '/';
    const q = u.indexOf('?');
    return q >= 0 ? u.slice(0, q) : u;
  };
  return (req, res) => {
    const started = performance.now();
    const reqId = requestIdOf(req.headers['x-request-id']);
    // Built files and cached pages are answered whole, at once: their time is taken here, not at 'finish'.
    const answered = fromMemory(req, res, reqId);
    if (answered) {
      const route = answered === 'static' ? 'static' : pagePattern(pathOf(req.url));
      observe(req, res, route, reqId, performance.now() - started);
      return;
    }
    res.setHeader('x-request-id', reqId);
    res.once('finish', () => {
      // The pages' catch-all has no Hono pattern: its page route's.
      const honoRoute = labels.get(res);
      const route = honoRoute && honoRoute !== '*' && honoRoute !== '/*' ? honoRoute : pagePattern(pathOf(req.url));
      observe(req, res, route, reqId, performance.now() - started);
    });
    withRequestLogContext(reqId, () => {
      setSecurityHeaders(res, headers);
      setShellPolicy(res, req.url);
      void listener(req, res);
    });
  };
}

export function createHttpServer(opts: HttpServerOptions): http.Server {
  return http.createServer(createRequestHandler(opts));
}
