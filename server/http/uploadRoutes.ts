import { Hono, type Context } from 'hono';
import { createUploadServer } from './uploadServer.ts';
import type { Services } from '../core/services.ts';
import type { AppEnv } from './honoEnv.ts';
import type { Metrics } from './metrics.ts';

/**
 * tus uploads at /api/uploads. tus reads the request body as a stream straight to disk. (Its web
 * handler, not its Node one: Hono answers HEAD by re-wrapping the GET response, which would write the
 * headers of an already-sent raw response a second time.) Abandoned uploads are swept, and held originals
 * stored, by periodic tasks (server/composition/periodicTasks.ts).
 */
export function uploadRoutes(services: Services, metrics: Metrics) {
  const uploads = createUploadServer(services);
  const handle = async (c: Context<AppEnv>) => {
    const res = await uploads.handle(c.req.raw, c.var.ctx.actor);
    // Bytes stored by a PATCH: how far its offset moved.
    if (c.req.method === 'PATCH' && res.status === 204) {
      const moved = Number(res.headers.get('upload-offset')) - Number(c.req.header('upload-offset'));
      if (moved > 0) metrics.uploadBytes(moved);
    }
    return res;
  };
  const app = new Hono<AppEnv>();
  app.all('/', handle);
  app.all('/:uploadId', handle);
  return app;
}
