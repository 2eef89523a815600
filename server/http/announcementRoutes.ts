import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ANNOUNCEMENT_TEXT } from '#common/announcements/announcementSchemas.ts';
import { DomainError } from '../core/errors.ts';
import { getAnnouncementOverview } from '../modules/announcements/getAnnouncementOverview.ts';
import { getAnnouncementsOff } from '../modules/announcements/getAnnouncementsOff.ts';
import { sendAnnouncement } from '../modules/announcements/sendAnnouncement.ts';
import { setAnnouncementsOff } from '../modules/announcements/setAnnouncementsOff.ts';
import type { AppEnv } from './honoEnv.ts';
import { objectBody } from './jsonBody.ts';

const small = bodyLimit({
  maxSize: 8192,
  onError: () => {
    throw new DomainError('too_large', 'The request is too large.');
  },
});

/** Announcements: the studio's form (overview, send) and an owner's opt-out. Thin: modules decide. */
export function announcementRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/studio/courses/:courseId/announcements', async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await getAnnouncementOverview(services, actor, { courseId: c.req.param('courseId') }));
  });
  app.post('/studio/courses/:courseId/announcements', small, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    const sent = await sendAnnouncement(services, actor, {
      courseId: c.req.param('courseId'),
      announcement: c.req.valid('json'),
    });
    return c.json({ ...sent, message: ANNOUNCEMENT_TEXT.sent }, 201);
  });
  app.get('/learning/courses/:courseId/announcements', async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await getAnnouncementsOff(services, actor, { courseId: c.req.param('courseId') }));
  });
  app.put('/learning/courses/:courseId/announcements', small, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    const result = await setAnnouncementsOff(services, actor, {
      courseId: c.req.param('courseId'),
      choice: c.req.valid('json'),
    });
    return c.json({ ...result, message: ANNOUNCEMENT_TEXT.saved });
  });
  return app;
}
