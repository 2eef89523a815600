import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { toBool } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { ANNOUNCEMENT_TEXT } from '#common/announcements/announcementSchemas.ts';
import { canSetAnnouncementsOff } from '../access/policies.ts';

/** Whether the actor turned off a course's announcements; a 404 when they do not own it. */
export async function getAnnouncementsOff(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<{ off: boolean }> {
  if (!actor) throw unauthenticated();
  const row = isId(courseId)
    ? await services.database.db
        .selectFrom('enrollment')
        .select(['userId', 'announcementsOff'])
        .where('courseId', '=', courseId)
        .where('userId', '=', actor.userId)
        .executeTakeFirst()
    : undefined;
  if (!row || !canSetAnnouncementsOff(actor, row)) throw notFound(ANNOUNCEMENT_TEXT.notOwned);
  return { off: toBool(row.announcementsOff) };
}
