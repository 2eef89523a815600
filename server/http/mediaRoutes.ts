import { Hono, type Context } from 'hono';
import { isId } from '#common/ids.ts';
import { mediaKey } from '../modules/media/mediaKeys.ts';
import { ensureOgImage } from '../modules/media/ensureOgImage.ts';
import { canFetchMedia } from '../modules/playback/canFetchMedia.ts';
import { canPlayVideo } from '../modules/playback/canPlayVideo.ts';
import { isServedRenditionFile } from '../modules/playback/servedFiles.ts';
import { videoSourceWithCaptions } from '../modules/playback/videoSource.ts';
import { readCaptionFile } from '../modules/captions/readCaptionFile.ts';
import type { Services } from '#server/core/services.ts';
import type { AppEnv } from './honoEnv.ts';
import { sendStored } from './sendFile.ts';

// Only the names the pipeline writes, so `../`, originals and any other file are unreachable by
// construction: public images are flat `.webp` files; behind a token, the master playlist and each
// rendition's playlist, init segment and media segments.
const IMAGE_FILE = /^[a-z0-9_-]{1,64}\.webp$/;

const notFound = (c: Context): Response => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);

export function mediaRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  /** The token is the permission, checked without touching the database: null when it opens this asset. */
  const refusal = (c: Context<AppEnv>, token: string, assetId: string): Response | null => {
    if (!isId(assetId)) return notFound(c);
    const check = services.mediaTokens.check(token, assetId);
    if (check === 'ok') return null;
    const message =
      check === 'expired' ? 'This video link has expired. Please reload the page.' : 'This video link is not valid.';
    return c.json({ error: { code: 'forbidden', message } }, 403);
  };
  // Files never change under a token (a new upload is a new asset or caption id); the token keys caches.
  const TOKEN_CACHE = 'private, max-age=14400, immutable';

  /** Playlists and segments. */
  const serveVideoFile = async (c: Context<AppEnv>, token: string, assetId: string, rel: string[]): Promise<Response> =>
    refusal(c, token, assetId) ?? sendStored(c, services.storage, mediaKey(assetId, ...rel), TOKEN_CACHE);

  /** An episode's captions open under its video's token, to exactly those who may play the video. */
  app.on(['GET', 'HEAD'], '/s/:token/:assetId/captions/:file', async (c) => {
    const { token, assetId, file } = c.req.param();
    const refused = refusal(c, token, assetId);
    if (refused) return refused;
    const vtt = await readCaptionFile(services, { assetId, captionId: file.replace(/\.vtt$/, '') });
    if (vtt === null || !file.endsWith('.vtt')) return notFound(c);
    c.header('cache-control', TOKEN_CACHE);
    c.header('content-type', 'text/vtt; charset=utf-8');
    return c.body(c.req.method === 'HEAD' ? '' : vtt);
  });

  app.on(['GET', 'HEAD'], '/s/:token/:assetId/master.m3u8', (c) => {
    const { token, assetId } = c.req.param();
    return serveVideoFile(c, token, assetId, ['master.m3u8']);
  });
  app.on(['GET', 'HEAD'], '/s/:token/:assetId/:rendition/:file', (c) => {
    const { token, assetId, rendition, file } = c.req.param();
    if (!isServedRenditionFile(rendition, file)) return notFound(c);
    return serveVideoFile(c, token, assetId, [rendition, file]);
  });

  /** A fresh source for a video the actor may watch (a page held in a cache can outlive its token). */
  app.get('/play/:assetId', async (c) => {
    const { assetId } = c.req.param();
    const { actor } = c.var.ctx;
    const access = isId(assetId) ? await canPlayVideo(services, actor, { assetId }) : null;
    if (!access) return notFound(c);
    c.header('cache-control', 'private, no-store');
    return c.json(await videoSourceWithCaptions(services, { assetId, access }));
  });

  /** Link previews' JPEG of an image (made on first request for images uploaded before it existed). */
  app.on(['GET', 'HEAD'], '/:assetId/og.jpg', async (c) => {
    const key = await ensureOgImage(services, { assetId: c.req.param('assetId') });
    if (!key) return notFound(c);
    return sendStored(c, services.storage, key, 'public, max-age=31536000, immutable');
  });

  app.on(['GET', 'HEAD'], '/:assetId/:file', async (c) => {
    const { assetId, file } = c.req.param();
    if (!isId(assetId) || !IMAGE_FILE.test(file)) return notFound(c);
    if (!(await canFetchMedia(services, c.var.ctx.actor, { assetId, file }))) return notFound(c);
    // Asset files never change once written (a new upload is a new asset), so they cache for long.
    return sendStored(c, services.storage, mediaKey(assetId, file), 'public, max-age=31536000, immutable');
  });
  return app;
}
