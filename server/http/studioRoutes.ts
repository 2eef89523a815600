import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { addEpisode } from '../modules/studio/addEpisode.ts';
import { createCourse } from '../modules/studio/createCourse.ts';
import { deleteEpisode } from '../modules/studio/deleteEpisode.ts';
import { getAssetStatus } from '../modules/studio/getAssetStatus.ts';
import { getCourseForEditor } from '../modules/studio/getCourseForEditor.ts';
import { getCreatorDashboard } from '../modules/studio/getCreatorDashboard.ts';
import { retryAssetProcessing } from '../modules/studio/retryAssetProcessing.ts';
import { reorderEpisodes } from '../modules/studio/reorderEpisodes.ts';
import { STUDIO_MESSAGES } from '../modules/studio/messages.ts';
import { updateCourse } from '../modules/studio/updateCourse.ts';
import { updateEpisode } from '../modules/studio/updateEpisode.ts';
import { AppError, unauthorized } from './errors.ts';
import type { AppEnv } from './honoEnv.ts';

/**
 * Form bodies are small (a description is at most 5,000 characters). Up to 2 MB is still read so that an
 * over-long field gets its own message from validation; anything larger is cut off with a 413.
 */
const MAX_BODY = 2 * 1024 * 1024;

/** The signed-in person; visitors are asked to sign in before anything is read. */
function actorOf(c: Context<AppEnv>) {
  const viewer = c.var.ctx.viewer;
  if (!viewer) throw unauthorized();
  return viewer;
}

async function body(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError(400, 'bad_request', 'The request could not be read.');
  }
}

/** The creator studio's JSON API (the editor page's writes and its status polling). Thin: modules decide. */
export function studioRoutes() {
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY,
      onError: (c) => c.json({ error: { code: 'too_large', message: 'The request is too large.' } }, 413),
    }),
  );
  const services = (c: Context<AppEnv>) => c.var.ctx.services;
  const db = (c: Context<AppEnv>) => c.var.ctx.services.database.db;

  app.get('/dashboard', async (c) => c.json(await getCreatorDashboard(db(c), actorOf(c))));

  app.post('/courses', async (c) => {
    const { id } = await createCourse(services(c), actorOf(c), await body(c));
    return c.json({ id, message: STUDIO_MESSAGES.courseSaved }, 201);
  });
  app.get('/courses/:courseId', async (c) => c.json(await getCourseForEditor(db(c), actorOf(c), c.req.param('courseId'))));
  app.put('/courses/:courseId', async (c) => {
    const r = await updateCourse(services(c), actorOf(c), c.req.param('courseId'), await body(c));
    return c.json({ ...r, message: STUDIO_MESSAGES.courseSaved });
  });

  app.post('/courses/:courseId/episodes', async (c) => {
    const r = await addEpisode(services(c), actorOf(c), c.req.param('courseId'), await body(c));
    return c.json({ ...r, message: STUDIO_MESSAGES.episodeAdded }, 201);
  });
  app.put('/courses/:courseId/episodes/order', async (c) => {
    await reorderEpisodes(services(c), actorOf(c), c.req.param('courseId'), await body(c));
    return c.json({ ok: true });
  });
  app.put('/courses/:courseId/episodes/:episodeId', async (c) => {
    const { courseId, episodeId } = c.req.param();
    await updateEpisode(services(c), actorOf(c), courseId, episodeId, await body(c));
    return c.json({ message: STUDIO_MESSAGES.episodeSaved });
  });
  app.delete('/courses/:courseId/episodes/:episodeId', async (c) => {
    const { courseId, episodeId } = c.req.param();
    await deleteEpisode(services(c), actorOf(c), courseId, episodeId);
    return c.json({ message: STUDIO_MESSAGES.episodeDeleted });
  });

  /** Processing state of the caller's own uploads (the editor polls it while videos are processed). */
  app.get('/assets/:assetId', async (c) => c.json(await getAssetStatus(db(c), actorOf(c), c.req.param('assetId'))));
  app.post('/assets/:assetId/retry', async (c) => c.json(await retryAssetProcessing(db(c), actorOf(c), c.req.param('assetId'))));
  return app;
}
