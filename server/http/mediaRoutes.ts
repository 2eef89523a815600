import path from 'node:path';
import { Hono } from 'hono';
import { isId } from '../lib/ids.ts';
import { canFetchMedia } from '../modules/playback/canFetchMedia.ts';
import type { AppEnv } from './honoEnv.ts';
import { sendFile } from './sendFile.ts';

// Processed files only: a flat name with a known extension, so `../`, originals and other folders are
// unreachable by construction.
const FILE_PATTERN = /^[a-z0-9_-]{1,64}\.(webp|mp4)$/;

export function mediaRoutes(mediaDir: string) {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], '/:assetId/:file', async (c) => {
    const { assetId, file } = c.req.param();
    const notFound = () => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    if (!isId(assetId) || !FILE_PATTERN.test(file)) return notFound();
    const { services, viewer } = c.var.ctx;
    const access = await canFetchMedia(services.database.db, assetId, file, viewer);
    if (!access) return notFound();
    // Asset files never change once written (a new upload is a new asset), so they cache for long.
    return sendFile(c, path.join(mediaDir, assetId, file), `${access}, max-age=31536000, immutable`);
  });
  return app;
}
