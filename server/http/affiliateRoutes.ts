import { Hono } from 'hono';
import { getCourseAffiliates } from '../modules/affiliates/getCourseAffiliates.ts';
import { setCourseAffiliates } from '../modules/affiliates/setCourseAffiliates.ts';
import type { AppEnv } from './honoEnv.ts';
import { objectBody } from './jsonBody.ts';

/** The studio's "Affiliate sales" of a course (decision 0067). Thin: the modules decide. */
export function affiliateRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/studio/courses/:courseId/affiliates', async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await getCourseAffiliates(services, actor, { courseId: c.req.param('courseId') }));
  });
  app.put('/studio/courses/:courseId/affiliates', objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(
      await setCourseAffiliates(services, actor, { courseId: c.req.param('courseId'), settings: c.req.valid('json') }),
    );
  });
  return app;
}
