import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { MY_LIST_LIMIT } from './savedCourse.ts';

/**
 * Adds published courses to the user's list (already saved ones are kept as they are; unknown ids and
 * drafts are ignored). Used for one toggle and for merging the browser's list at sign-in. The ids
 * given first count as the most recently saved.
 */
export async function saveToMyList(
  services: Services,
  actor: Actor,
  { courseIds }: { courseIds: readonly unknown[] },
): Promise<void> {
  if (!actor) throw unauthenticated();
  const { db } = services.database;
  const ids = [...new Set(courseIds.filter(isId))].slice(0, MY_LIST_LIMIT);
  if (!ids.length) return;
  const published = await db
    .selectFrom('course')
    .select('id')
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute();
  const ok = new Set(published.map((r) => r.id));
  const now = services.clock.now().getTime();
  const rows = ids
    .filter((id) => ok.has(id))
    .map((courseId, i) => ({ userId: actor.userId, courseId, createdAt: new Date(now - i) }));
  if (!rows.length) return;
  await db
    .insertInto('myList')
    .values(rows)
    .onConflict((oc) => oc.columns(['userId', 'courseId']).doNothing())
    .execute();
}
