import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Services } from '../core/services.ts';
import type { AppEnv } from './honoEnv.ts';
import type { Metrics } from './metrics.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// A reverse proxy on this machine connects from loopback on behalf of the whole internet: a request it
// forwarded is not a local one.
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read /metrics (decision 0029): a scraper on this machine talking to the process directly, or
 * anyone presenting `Authorization: Bearer <METRICS_TOKEN>` when that setting is set. Everyone else gets
 * a 404, as if there were nothing there.
 */
function mayReadMetrics(c: Context<AppEnv>, token: string | undefined): boolean {
  const auth = c.req.header('authorization');
  if (token && auth?.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const remote = c.env.incoming.socket.remoteAddress ?? '';
  return LOOPBACK.has(remote) && PROXY_HEADERS.every((h) => c.req.header(h) === undefined);
}

/**
 * Liveness (/healthz: the process answers and its database too), readiness (/readyz: also not shutting
 * down; start-up answers 503 before this app exists, so "ready" implies the migrations ran) and metrics.
 */
export function opsRoutes(services: Services, metrics: Metrics, stopping: () => boolean) {
  const app = new Hono<AppEnv>();
  const databaseAnswers = () =>
    services.database.ping().then(
      () => true,
      () => false,
    );

  app.get('/healthz', async (c) =>
    (await databaseAnswers())
      ? c.json({ status: 'ok', database: services.database.dialect })
      : c.json({ status: 'unavailable' }, 503),
  );

  app.get('/readyz', async (c) => {
    if (stopping()) return c.json({ status: 'shutting down' }, 503);
    return (await databaseAnswers()) ? c.json({ status: 'ready' }) : c.json({ status: 'unavailable' }, 503);
  });

  app.get('/metrics', async (c) => {
    if (!mayReadMetrics(c, services.config.METRICS_TOKEN)) return c.notFound();
    const body = await metrics.registry.metrics();
    return c.body(body, 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  });
  return app;
}
