import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { getDashboard } from '../modules/admin/getDashboard.ts';
import { listAuditLog } from '../modules/admin/listAuditLog.ts';
import { listCourses } from '../modules/admin/listCourses.ts';
import { listFailedJobs } from '../modules/admin/listFailedJobs.ts';
import { listAllPurchases } from '../modules/admin/listAllPurchases.ts';
import { listUsers } from '../modules/admin/listUsers.ts';
import { moderateCourse } from '../modules/admin/moderateCourse.ts';
import { moderateUser } from '../modules/admin/moderateUser.ts';
import { courseAction, moderationBody, userAction } from '#common/admin/moderationSchema.ts';
import { recordReversalResult } from '../modules/admin/recordReversalResult.ts';
import { refundPurchase } from '../modules/admin/refundPurchase.ts';
import { requireAdmin } from '../modules/access/requireAdmin.ts';
import { retryFailedJob } from '../modules/admin/retryFailedJob.ts';
import { addSearchSynonym } from '../modules/admin/addSearchSynonym.ts';
import { listSearchSynonyms } from '../modules/admin/listSearchSynonyms.ts';
import { removeSearchSynonym } from '../modules/admin/removeSearchSynonym.ts';
import { searchSynonymBody } from '#common/catalog/searchSynonymSchema.ts';
import { listReportedReviews } from '../modules/reviews/listReportedReviews.ts';
import { moderateReview } from '../modules/reviews/moderateReview.ts';
import { reviewAction } from '#common/reviews/reviewSchemas.ts';
import { listReportedQuestions } from '../modules/questions/listReportedQuestions.ts';
import { moderateQuestionItem } from '../modules/questions/moderateQuestionItem.ts';
import { questionAction } from '#common/questions/questionSchemas.ts';
import type { Actor } from '../core/actor.ts';
import type { Services } from '../core/services.ts';
import { invalidInput, notFound } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { callbackBody, jsonBody } from './jsonBody.ts';
import { DARAJA_ACCEPTED } from './darajaAccepted.ts';

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
  const query = (c: Context<AppEnv>) => new URL(c.req.url).searchParams;
  /** A list read: its query string is the operation's input. */
  const list =
    (op: (services: Services, actor: Actor, input: unknown) => Promise<unknown>) => async (c: Context<AppEnv>) =>
      c.json(await op(services(c), c.var.ctx.actor, query(c)));

  app.get('/dashboard', async (c) => c.json(await getDashboard(services(c), c.var.ctx.actor)));
  app.get('/users', list(listUsers));
  app.get('/courses', list(listCourses));
  app.get('/purchases', list(listAllPurchases));
  app.get('/audit', list(listAuditLog));
  app.get('/jobs', async (c) => c.json({ items: await listFailedJobs(services(c), c.var.ctx.actor) }));
  app.get('/reviews', list(listReportedReviews));
  app.get('/questions', list(listReportedQuestions));
  app.get('/search-synonyms', async (c) => c.json(await listSearchSynonyms(services(c), c.var.ctx.actor)));

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
  app.post('/questions/:id/:action', limit, async (c) => {
    const action = actionOf(questionAction, c.req.param('action'));
    return c.json(await moderateQuestionItem(services(c), c.var.ctx.actor, { itemId: c.req.param('id'), action }));
  });
  app.post('/purchases/:id/refund', limit, moderation, async (c) => {
    const { reason } = c.req.valid('json');
    return c.json(await refundPurchase(services(c), c.var.ctx.actor, { paymentId: c.req.param('id'), reason }));
  });
  app.post('/jobs/:id/retry', limit, async (c) => {
    await retryFailedJob(services(c), c.var.ctx.actor, { jobId: c.req.param('id') });
    return c.json({ status: 'queued' });
  });
  app.post('/search-synonyms', limit, jsonBody(searchSynonymBody), async (c) =>
    c.json(await addSearchSynonym(services(c), c.var.ctx.actor, c.req.valid('json')), 201),
  );
  app.delete('/search-synonyms/:id', async (c) => {
    await removeSearchSynonym(services(c), c.var.ctx.actor, { synonymId: c.req.param('id') });
    return c.json({ status: 'removed' });
  });
  return app;
}

/** Daraja's answers to refund reversals (outside /api/admin: M-Pesa has no session, the path a secret). */
export function reversalResultRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/api/mpesa/reversal/:secret', limit, callbackBody, async (c) => {
    await recordReversalResult(services, { secret: c.req.param('secret'), body: c.req.valid('json') });
    return c.json(DARAJA_ACCEPTED);
  });
  return app;
}
