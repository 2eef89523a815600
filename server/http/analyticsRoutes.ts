import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { analyticsQuery } from '#common/analytics/analyticsQuery.ts';
import { EventRateLimiter } from '../modules/analytics/eventRateLimiter.ts';
import { getCourseAnalytics } from '../modules/analytics/getCourseAnalytics.ts';
import { getQuizAnalytics } from '../modules/analytics/getQuizAnalytics.ts';
import { viewEventInput } from '#common/analytics/viewEventSchema.ts';
import { invalidInput, rateLimited } from '../core/errors.ts';
import { parseInput } from '../core/parseInput.ts';
import type { AppEnv } from './honoEnv.ts';
import { jsonBody } from './jsonBody.ts';

// An event is ~100 bytes of JSON; anything much larger is not one.
const limit = bodyLimit({
  maxSize: 1024,
  onError: () => {
    throw invalidInput('The request is too large.');
  },
});

/**
 * Viewing events in (POST /api/events, answered 204 at once: the write happens later in a batch) and a
 * course's analytics out (GET /api/analytics/courses/:courseId, and /quizzes: its creator or an admin only).
 */
export function analyticsRoutes() {
  const app = new Hono<AppEnv>();
  const limiter = new EventRateLimiter();

  // Counted before the body is read (sendBeacon posts it as text/plain, which jsonBody reads too).
  const eventRate = createMiddleware<AppEnv>(async (c, next) => {
    const { actor, clientIp } = c.var.ctx;
    if (!limiter.allow(actor?.userId ?? clientIp)) throw rateLimited('Too many events; slow down.');
    await next();
  });
  app.post('/events', limit, eventRate, jsonBody(viewEventInput), async (c) => {
    const { services, actor } = c.var.ctx;
    services.viewEvents.add({ ...c.req.valid('json'), userId: actor?.userId ?? null, at: new Date() });
    return c.body(null, 204);
  });

  app.get('/analytics/courses/:courseId', async (c) => {
    const { services, actor } = c.var.ctx;
    const { days } = parseInput(
      analyticsQuery,
      Object.fromEntries(new URL(c.req.url).searchParams),
      'Invalid analytics range: days must be 7, 30, 90 or 365.',
    );
    c.header('cache-control', 'no-store');
    return c.json(await getCourseAnalytics(services, actor, { courseId: c.req.param('courseId'), days }));
  });
  // Which quiz questions the course's learners miss most (its creator or an admin).
  app.get('/analytics/courses/:courseId/quizzes', async (c) => {
    const { services, actor } = c.var.ctx;
    c.header('cache-control', 'no-store');
    return c.json(await getQuizAnalytics(services, actor, { courseId: c.req.param('courseId') }));
  });
  return app;
}
