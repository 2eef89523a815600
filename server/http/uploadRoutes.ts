import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { createUploadServer } from '../modules/uploads/createUploadServer.ts';
import { ABANDONED_AFTER_MS } from '../modules/uploads/uploadRules.ts';
import type { AppServices } from './appContext.ts';
import type { AppEnv } from './honoEnv.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * tus uploads at /api/uploads, served on Node's raw request and response so the bytes stream to disk.
 * Abandoned uploads are swept hourly (a timer that does not keep the process alive).
 */
export function uploadRoutes(services: AppServices) {
  const uploads = createUploadServer(services);
  const sweep = () =>
    uploads.cleanUp(ABANDONED_AFTER_MS).then(
      (n) => n && services.log.info({ removed: n }, 'abandoned uploads removed'),
      (err: unknown) => services.log.warn({ err }, 'abandoned upload clean-up failed'),
    );
  setInterval(sweep, CLEANUP_EVERY_MS).unref();
  setTimeout(sweep, 60_000).unref();

  const handle = async (c: Context<AppEnv>) => {
    await uploads.handle(c.env.incoming, c.env.outgoing, c.var.ctx.viewer);
    return RESPONSE_ALREADY_SENT;
  };
  const app = new Hono<AppEnv>();
  app.all('/', handle);
  app.all('/:uploadId', handle);
  return app;
}
