import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { listCourseReviews } from '../modules/reviews/listCourseReviews.ts';
import { replyToReview } from '../modules/reviews/replyToReview.ts';
import { reportReview } from '../modules/reviews/reportReview.ts';
import { DomainError } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { objectBody } from './jsonBody.ts';

const small = bodyLimit({
  maxSize: 4096,
  onError: () => {
    throw new DomainError('too_large', 'Request too large.');
  },
});

/** The course page's reviews: "Show more" pages, the creator's reply and "Report". */
export function reviewRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const q = new URL(c.req.url).searchParams;
    return c.json(await listCourseReviews(c.var.ctx.services, c.var.ctx.actor, Object.fromEntries(q)));
  });
  app.post('/:id/reply', small, objectBody, async (c) => {
    const input = { ...c.req.valid('json'), reviewId: c.req.param('id') };
    return c.json(await replyToReview(c.var.ctx.services, c.var.ctx.actor, input));
  });
  app.post('/:id/report', small, async (c) =>
    c.json(await reportReview(c.var.ctx.services, c.var.ctx.actor, { reviewId: c.req.param('id') })),
  );
  return app;
}
