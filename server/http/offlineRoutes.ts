import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkDownloads } from '../modules/offline/checkDownloads.ts';
import { getDownloadManifest } from '../modules/offline/getDownloadManifest.ts';
import { DomainError } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { objectBody } from './jsonBody.ts';

const limit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new DomainError('too_large', 'Request too large.');
  },
});

/** Downloads for offline viewing (docs/decisions/0023): what to fetch, and which copies a device may keep. */
export function offlineRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/episodes/:episodeId', async (c) => {
    const { services, actor } = c.var.ctx;
    c.header('cache-control', 'private, no-store');
    return c.json(
      await getDownloadManifest(services, actor, { episodeId: c.req.param('episodeId'), plays: c.req.query('plays') }),
    );
  });
  app.post('/check', limit, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    c.header('cache-control', 'private, no-store');
    return c.json(await checkDownloads(services, actor, c.req.valid('json')));
  });
  return app;
}
