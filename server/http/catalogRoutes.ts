import { Hono } from 'hono';
import { suggestCourses } from '../modules/catalog/search/suggestCourses.ts';
import type { AppEnv } from './honoEnv.ts';

/** Public catalog JSON: suggestions while typing in the top bar's search. */
export function catalogRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/suggest', async (c) => {
    const { services, actor } = c.var.ctx;
    const suggestions = await suggestCourses(services, actor, { q: c.req.query('q') ?? '' });
    // Briefly cacheable: the same prefix is typed by many people, and a minute-old answer is fine.
    c.header('cache-control', 'public, max-age=60');
    return c.json({ suggestions });
  });
  return app;
}
