import type { Context, Hono } from 'hono';
import { listMyList } from '../modules/accounts/myList/savedCourse.ts';
import { removeFromMyList } from '../modules/accounts/myList/removeFromMyList.ts';
import { saveToMyList } from '../modules/accounts/myList/saveToMyList.ts';
import { isId } from '#common/ids.ts';
import type { Services } from '../core/services.ts';
import { invalidInput, unauthenticated } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';

/** A signed-in user's My List, kept on the server so it follows them across devices. */
export function mountMyListRoutes(app: Hono<AppEnv>, services: Services): void {
  // A visitor is told to sign in before a malformed course id is looked at.
  const signedIn = (c: Context<AppEnv>) => {
    const actor = c.var.ctx.actor;
    if (!actor) throw unauthenticated();
    return actor;
  };
  const courseOf = (c: Context<AppEnv>) => {
    const id = c.req.param('courseId');
    if (!isId(id)) throw invalidInput('That is not a course.');
    return id;
  };
  app.get('/api/my-list', async (c) => {
    c.header('cache-control', 'private, no-store');
    return c.json({ items: await listMyList(services, c.var.ctx.actor) });
  });
  app.put('/api/my-list/:courseId', async (c) => {
    const actor = signedIn(c);
    await saveToMyList(services, actor, { courseIds: [courseOf(c)] });
    return c.json({ items: await listMyList(services, actor) });
  });
  app.delete('/api/my-list/:courseId', async (c) => {
    const actor = signedIn(c);
    await removeFromMyList(services, actor, { courseId: courseOf(c) });
    return c.json({ items: await listMyList(services, actor) });
  });
}
