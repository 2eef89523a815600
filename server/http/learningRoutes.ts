import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { saveProgress } from '../modules/learning/saveProgress.ts';
import { saveReview } from '../modules/learning/saveReview.ts';
import { DomainError, invalidInput } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';

/** Small JSON bodies only; `navigator.sendBeacon` posts them as text/plain, so the type is not trusted. */
async function jsonBody(req: Request): Promise<unknown> {
  try {
    return JSON.parse(await req.text());
  } catch {
    throw invalidInput('The request body must be JSON.');
  }
}

const small = bodyLimit({
  maxSize: 4096,
  onError: () => {
    throw new DomainError('too_large', 'Request too large.');
  },
});

export function learningRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/progress', small, async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await saveProgress(services, actor, await jsonBody(c.req.raw)));
  });
  app.post('/reviews', small, async (c) => {
    const { services, actor } = c.var.ctx;
    const result = await saveReview(services, actor, await jsonBody(c.req.raw));
    services.catalogChanged(); // ratings show on public pages
    return c.json(result);
  });
  return app;
}
