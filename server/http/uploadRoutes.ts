import { Hono, type Context } from 'hono';
import { createUploadServer } from './uploadServer.ts';
import { storeHeldOriginals } from '#server/modules/uploads/heldOriginals.ts';
import { ABANDONED_AFTER_MS } from '#common/uploads/uploadRules.ts';
import type { Services } from '../core/services.ts';
import type { AppEnv } from './honoEnv.ts';
import type { Metrics } from './metrics.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** Originals held while the media storage was unreachable are tried again this often. */
const HELD_RETRY_MS = 60 * 1000;

/**
 * tus uploads at /api/uploads. tus reads the request body as a stream straight to disk. (Its web
 * handler, not its Node one: Hono answers HEAD by re-wrapping the GET response, which would write the
 * headers of an already-sent raw response a second time.)
 * Abandoned uploads are swept hourly, held originals tried every minute (timers that do not keep the
 * process alive).
 */
export function uploadRoutes(services: Services, metrics: Metrics) {
  const uploads = createUploadServer(services);
  const sweep = () =>
    uploads.cleanUp(ABANDONED_AFTER_MS).then(
      (n) => n && services.log.info({ removed: n }, 'abandoned uploads removed'),
      (err: unknown) => services.log.warn({ err }, 'abandoned upload clean-up failed'),
    );
  setInterval(sweep, CLEANUP_EVERY_MS).unref();
  setTimeout(sweep, 60_000).unref();
  const storeHeld = () =>
    storeHeldOriginals(services).then(
      (n) => n && services.log.info({ stored: n }, 'held originals stored'),
      (err: unknown) => services.log.warn({ err }, 'held originals: media storage still unavailable'),
    );
  setInterval(storeHeld, HELD_RETRY_MS).unref();

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
