import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { analyticsQuery } from '../modules/analytics/analyticsQuery.ts';
import { EventRateLimiter } from '../modules/analytics/eventRateLimiter.ts';
import { getCourseAnalytics } from '../modules/analytics/getCourseAnalytics.ts';
import { viewEventsFor } from '../modules/analytics/viewEventBuffer.ts';
import { viewEventInput } from '../modules/analytics/viewEventSchema.ts';
import { badRequest, tooMany } from './errors.ts';
import type { AppEnv } from './honoEnv.ts';

// An event is ~100 bytes of JSON; anything much larger is not one.
const limit = bodyLimit({ maxSize: 1024, onError: () => { throw badRequest('The request is too large.'); } });

/**
 * Viewing events in (POST /api/events, answered 204 at once: the write happens later in a batch) and a
 * course's analytics out (GET /api/analytics/courses/:courseId, its creator or an admin only).
 */
export function analyticsRoutes() {
  const app = new Hono<AppEnv>();
  const limiter = new EventRateLimiter();

  app.post('/events', limit, async (c) => {
    const { services, viewer, clientIp } = c.var.ctx;
    if (!limiter.allow(viewer?.userId ?? clientIp)) throw tooMany('Too many events; slow down.');
    // sendBeacon posts text/plain, so the body is read as text whatever its content type.
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      throw badRequest('The event must be JSON.');
    }
    const parsed = viewEventInput.safeParse(raw);
    if (!parsed.success) throw badRequest(`Invalid event: ${parsed.error.issues[0]!.message}`);
    viewEventsFor(services).add({ ...parsed.data, userId: viewer?.userId ?? null, at: new Date() });
    return c.body(null, 204);
  });

  app.get('/analytics/courses/:courseId', async (c) => {
    const { services, viewer } = c.var.ctx;
    const q = analyticsQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!q.success) throw badRequest('Invalid analytics range: days must be 7, 30, 90 or 365.');
    c.header('cache-control', 'no-store');
    return c.json(await getCourseAnalytics(services.database, viewer, c.req.param('courseId'), q.data.days));
  });
  return app;
}
