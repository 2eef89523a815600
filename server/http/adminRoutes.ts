import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { getDashboard } from '../modules/admin/getDashboard.ts';
import { auditListQuery, listAuditLog } from '../modules/admin/listAuditLog.ts';
import { courseListQuery, listCourses } from '../modules/admin/listCourses.ts';
import { listFailedJobs } from '../modules/admin/listFailedJobs.ts';
import { listAllPurchases, purchaseListQuery } from '../modules/admin/listAllPurchases.ts';
import { parseListQuery } from '../modules/shared/listQuery.ts';
import { listUsers, userListQuery } from '../modules/admin/listUsers.ts';
import { moderateCourse } from '../modules/admin/moderateCourse.ts';
import { moderateUser } from '../modules/admin/moderateUser.ts';
import { courseAction, moderationBody, userAction } from '#common/admin/moderationSchema.ts';
import { recordReversalResult } from '../modules/admin/recordReversalResult.ts';
import { refundPurchase } from '../modules/admin/refundPurchase.ts';
import { requireAdmin } from '../modules/access/requireAdmin.ts';
import { retryFailedJob } from '../modules/admin/retryFailedJob.ts';
import { listReportedReviews, reviewQueueQuery } from '../modules/reviews/listReportedReviews.ts';
import { moderateReview } from '../modules/reviews/moderateReview.ts';
import { reviewAction } from '#common/reviews/reviewSchemas.ts';
import type { Services } from '../core/services.ts';
import { invalidInput, notFound } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { callbackBody, jsonBody } from './jsonBody.ts';

const limit = bodyLimit({
  maxSize: 4 * 1024,
  onError: () => {
    throw invalidInput('The request is too large.');
  },
});

/** A moderation body: none, or JSON with an optional reason. */
const moderation = jsonBody(moderationBody);

function actionOf<T extends z.ZodType<string>>(schema: T, raw: string): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * The admin JSON API, for scripts and integrations: the admin pages call the same operations from their
 * loaders and actions instead. Every route is admins-only; the modules check again and do the work.
 */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    requireAdmin(c.var.ctx.actor);
    c.header('cache-control', 'no-store');
    await next();
  });
  const services = (c: Context<AppEnv>) => c.var.ctx.services;
  const db = (c: Context<AppEnv>) => c.var.ctx.services.database.db;
  const query = (c: Context<AppEnv>) => new URL(c.req.url).searchParams;

  app.get('/dashboard', async (c) => c.json(await getDashboard(db(c))));
  app.get('/users', async (c) => c.json(await listUsers(db(c), parseListQuery(userListQuery, query(c)))));
  app.get('/courses', async (c) => c.json(await listCourses(db(c), parseListQuery(courseListQuery, query(c)))));
  app.get('/purchases', async (c) =>
    c.json(await listAllPurchases(db(c), parseListQuery(purchaseListQuery, query(c)))),
  );
  app.get('/audit', async (c) => c.json(await listAuditLog(db(c), parseListQuery(auditListQuery, query(c)))));
  app.get('/jobs', async (c) => c.json({ items: await listFailedJobs(db(c)) }));
  app.get('/reviews', async (c) =>
    c.json(await listReportedReviews(db(c), parseListQuery(reviewQueueQuery, query(c)))),
  );

  app.post('/courses/:id/:action', limit, moderation, async (c) => {
    const action = actionOf(courseAction, c.req.param('action'));
    const { reason } = c.req.valid('json');
    return c.json(await moderateCourse(services(c), c.var.ctx.actor, { courseId: c.req.param('id'), action, reason }));
  });
  app.post('/users/:id/:action', limit, moderation, async (c) => {
    const action = actionOf(userAction, c.req.param('action'));
    const { reason } = c.req.valid('json');
    return c.json(await moderateUser(services(c), c.var.ctx.actor, { userId: c.req.param('id'), action, reason }));
  });
  app.post('/reviews/:id/:action', limit, async (c) => {
    const action = actionOf(reviewAction, c.req.param('action'));
    return c.json(await moderateReview(services(c), c.var.ctx.actor, { reviewId: c.req.param('id'), action }));
  });
  app.post('/purchases/:id/refund', limit, moderation, async (c) => {
    const { reason } = c.req.valid('json');
    return c.json(await refundPurchase(services(c), c.var.ctx.actor, { paymentId: c.req.param('id'), reason }));
  });
  app.post('/jobs/:id/retry', limit, async (c) => {
    await retryFailedJob(services(c), c.var.ctx.actor, c.req.param('id'));
    return c.json({ status: 'queued' });
  });
  return app;
}

/** Daraja's answers to refund reversals (outside /api/admin: M-Pesa has no session, the path a secret). */
export function reversalResultRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/api/mpesa/reversal/:secret', limit, callbackBody, async (c) => {
    if (c.req.param('secret') !== services.config.mpesa.callbackSecret) throw notFound();
    await recordReversalResult(services, c.req.valid('json'));
    // Daraja's expected acknowledgement.
    return c.json({ ResultCode: 0, ResultDesc: 'Accepted' });
  });
  return app;
}
