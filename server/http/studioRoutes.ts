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
import { previewLessonText } from '../modules/studio/previewLessonText.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { CAPTION_MESSAGES } from '#common/captions/captions.ts';
import { deleteCaption } from '../modules/captions/deleteCaption.ts';
import { saveCaption } from '../modules/captions/saveCaption.ts';
import { updateCourse } from '../modules/studio/updateCourse.ts';
import { updateEpisode } from '../modules/studio/updateEpisode.ts';
import { addLessonResource } from '../modules/studio/addLessonResource.ts';
import { deleteLessonResource } from '../modules/studio/deleteLessonResource.ts';
import { LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';
import { addSection } from '../modules/studio/sections/addSection.ts';
import { deleteSection } from '../modules/studio/sections/deleteSection.ts';
import { moveLessonToSection } from '../modules/studio/sections/moveLessonToSection.ts';
import { renameSection } from '../modules/studio/sections/renameSection.ts';
import { reorderSections } from '../modules/studio/sections/reorderSections.ts';
import { renameLessonResource } from '../modules/studio/renameLessonResource.ts';
import { reorderLessonResources } from '../modules/studio/reorderLessonResources.ts';
import { SECTION_MESSAGES } from '#common/studio/sections.ts';
import { updateCreatorProfile } from '../modules/studio/updateCreatorProfile.ts';
import { unauthenticated } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { objectBody } from './jsonBody.ts';

/**
 * Form bodies are small (a description is at most 5,000 characters). Up to 2 MB is still read so that an
 * over-long field gets its own message from validation; anything larger is cut off with a 413.
 */
const MAX_BODY = 2 * 1024 * 1024;

type BodyContext = Context<AppEnv, string, { out: { json: Record<string, unknown> } }>;

/** An operation's input: the JSON body with the URL's ids (which win over any the body names). */
function input(c: BodyContext): Record<string, unknown> {
  return { ...c.req.valid('json'), ...c.req.param() };
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
  // Visitors are asked to sign in before anything is read.
  app.use('*', async (c, next) => {
    if (!c.var.ctx.actor) throw unauthenticated();
    await next();
  });
  const services = (c: Context<AppEnv>) => c.var.ctx.services;
  const actorOf = (c: Context<AppEnv>) => c.var.ctx.actor;

  app.get('/dashboard', async (c) => c.json(await getCreatorDashboard(services(c), actorOf(c))));

  app.put('/profile', objectBody, async (c) => {
    await updateCreatorProfile(services(c), actorOf(c), c.req.valid('json'));
    return c.json({ message: STUDIO_MESSAGES.profileSaved });
  });

  app.post('/courses', objectBody, async (c) => {
    const { id } = await createCourse(services(c), actorOf(c), c.req.valid('json'));
    return c.json({ id, message: STUDIO_MESSAGES.courseSaved }, 201);
  });
  app.get('/courses/:courseId', async (c) => c.json(await getCourseForEditor(services(c), actorOf(c), c.req.param())));
  app.put('/courses/:courseId', objectBody, async (c) => {
    const r = await updateCourse(services(c), actorOf(c), input(c));
    return c.json({ ...r, message: STUDIO_MESSAGES.courseSaved });
  });

  app.post('/courses/:courseId/episodes', objectBody, async (c) => {
    const r = await addEpisode(services(c), actorOf(c), input(c));
    return c.json({ ...r, message: STUDIO_MESSAGES.episodeAdded }, 201);
  });
  app.post('/courses/:courseId/lesson-preview', objectBody, async (c) =>
    c.json(await previewLessonText(services(c), actorOf(c), input(c))),
  );
  app.put('/courses/:courseId/episodes/order', objectBody, async (c) => {
    await reorderEpisodes(services(c), actorOf(c), input(c));
    return c.json({ ok: true });
  });
  app.put('/courses/:courseId/episodes/:episodeId', objectBody, async (c) => {
    await updateEpisode(services(c), actorOf(c), input(c));
    return c.json({ message: STUDIO_MESSAGES.episodeSaved });
  });
  app.delete('/courses/:courseId/episodes/:episodeId', async (c) => {
    await deleteEpisode(services(c), actorOf(c), c.req.param());
    return c.json({ message: STUDIO_MESSAGES.episodeDeleted });
  });

  /** Sections: named headings over the lesson list (decision 0064). */
  app.post('/courses/:courseId/sections', objectBody, async (c) => {
    const r = await addSection(services(c), actorOf(c), input(c));
    return c.json({ ...r, message: SECTION_MESSAGES.sectionAdded }, 201);
  });
  /** The order of the sections and of the lessons without a section (`null`; decision 0069). */
  app.put('/courses/:courseId/section-order', objectBody, async (c) => {
    await reorderSections(services(c), actorOf(c), input(c));
    return c.json({ message: SECTION_MESSAGES.sectionsMoved });
  });
  app.put('/courses/:courseId/sections/:sectionId', objectBody, async (c) => {
    await renameSection(services(c), actorOf(c), input(c));
    return c.json({ message: SECTION_MESSAGES.sectionRenamed });
  });
  app.delete('/courses/:courseId/sections/:sectionId', async (c) => {
    await deleteSection(services(c), actorOf(c), c.req.param());
    return c.json({ message: SECTION_MESSAGES.sectionDeleted });
  });
  app.put('/courses/:courseId/episodes/:episodeId/section', objectBody, async (c) => {
    await moveLessonToSection(services(c), actorOf(c), input(c));
    return c.json({ message: SECTION_MESSAGES.lessonMoved });
  });

  /** A lesson's resources (decision 0060): the file is uploaded first (tus, kind 'resource'), then attached. */
  app.post('/courses/:courseId/episodes/:episodeId/resources', objectBody, async (c) => {
    const r = await addLessonResource(services(c), actorOf(c), input(c));
    return c.json({ ...r, message: LESSON_FILE_MESSAGES.resourceAdded }, 201);
  });
  app.put('/courses/:courseId/episodes/:episodeId/resources/order', objectBody, async (c) => {
    await reorderLessonResources(services(c), actorOf(c), input(c));
    return c.json({ message: LESSON_FILE_MESSAGES.resourcesReordered });
  });
  app.put('/courses/:courseId/episodes/:episodeId/resources/:resourceId', objectBody, async (c) => {
    await renameLessonResource(services(c), actorOf(c), input(c));
    return c.json({ message: LESSON_FILE_MESSAGES.resourceRenamed });
  });
  app.delete('/courses/:courseId/episodes/:episodeId/resources/:resourceId', async (c) => {
    await deleteLessonResource(services(c), actorOf(c), c.req.param());
    return c.json({ message: LESSON_FILE_MESSAGES.resourceDeleted });
  });

  /** Captions: the request body is the .vtt or .srt file itself (at most 512 KB, checked by saveCaption). */
  app.put('/courses/:courseId/episodes/:episodeId/captions/:language', async (c) => {
    const file = new Uint8Array(await c.req.arrayBuffer());
    const r = await saveCaption(services(c), actorOf(c), { ...c.req.param(), file });
    return c.json({ ...r, message: CAPTION_MESSAGES.saved });
  });
  app.delete('/courses/:courseId/episodes/:episodeId/captions/:language', async (c) => {
    await deleteCaption(services(c), actorOf(c), c.req.param());
    return c.json({ message: CAPTION_MESSAGES.deleted });
  });

  /** Processing state of the caller's own uploads (the editor polls it while videos are processed). */
  app.get('/assets/:assetId', async (c) => c.json(await getAssetStatus(services(c), actorOf(c), c.req.param())));
  app.post('/assets/:assetId/retry', async (c) =>
    c.json(await retryAssetProcessing(services(c), actorOf(c), c.req.param())),
  );
  return app;
}
