import path from 'node:path';
import { Hono, type Context } from 'hono';
import { isId } from '../lib/ids.ts';
import { canFetchMedia } from '../modules/playback/canFetchMedia.ts';
import { canPlayVideo } from '../modules/playback/canPlayVideo.ts';
import { checkMediaToken } from '../modules/playback/mediaToken.ts';
import { isServedRenditionFile } from '../modules/playback/servedFiles.ts';
import { videoSource } from '../modules/playback/videoSource.ts';
import type { AppEnv } from './honoEnv.ts';
import { sendFile } from './sendFile.ts';

// Only the names the pipeline writes, so `../`, originals and any other file are unreachable by
// construction: public images are flat `.webp` files; behind a token, the master playlist and each
// rendition's playlist, init segment and media segments.
const IMAGE_FILE = /^[a-z0-9_-]{1,64}\.webp$/;

const notFound = (c: Context): Response => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);

export function mediaRoutes(mediaDir: string) {
  const app = new Hono<AppEnv>();

  /** Playlists and segments: the token is the permission, checked without touching the database. */
  const serveVideoFile = async (c: Context<AppEnv>, token: string, assetId: string, rel: string[]): Promise<Response> => {
    if (!isId(assetId)) return notFound(c);
    const check = checkMediaToken(token, assetId);
    if (check !== 'ok') {
      const message = check === 'expired' ? 'This video link has expired. Please reload the page.' : 'This video link is not valid.';
      return c.json({ error: { code: 'forbidden', message } }, 403);
    }
    // Files never change under a token (a new upload is a new asset); the token in the URL keys caches.
    return sendFile(c, path.join(mediaDir, assetId, ...rel), 'private, max-age=14400, immutable');
  };

  app.on(['GET', 'HEAD'], '/s/:token/:assetId/master.m3u8', (c) => {
    const { token, assetId } = c.req.param();
    return serveVideoFile(c, token, assetId, ['master.m3u8']);
  });
  app.on(['GET', 'HEAD'], '/s/:token/:assetId/:rendition/:file', (c) => {
    const { token, assetId, rendition, file } = c.req.param();
    if (!isServedRenditionFile(rendition, file)) return notFound(c);
    return serveVideoFile(c, token, assetId, [rendition, file]);
  });

  /** A fresh source for a video the viewer may watch (a page held in a cache can outlive its token). */
  app.get('/play/:assetId', async (c) => {
    const { assetId } = c.req.param();
    const { services, viewer } = c.var.ctx;
    const access = isId(assetId) ? await canPlayVideo(services.database.db, assetId, viewer) : null;
    if (!access) return notFound(c);
    c.header('cache-control', 'private, no-store');
    return c.json(videoSource(assetId, access));
  });

  app.on(['GET', 'HEAD'], '/:assetId/:file', async (c) => {
    const { assetId, file } = c.req.param();
    if (!isId(assetId) || !IMAGE_FILE.test(file)) return notFound(c);
    if (!(await canFetchMedia(c.var.ctx.services.database.db, assetId, file))) return notFound(c);
    // Asset files never change once written (a new upload is a new asset), so they cache for long.
    return sendFile(c, path.join(mediaDir, assetId, file), 'public, max-age=31536000, immutable');
  });
  return app;
}
