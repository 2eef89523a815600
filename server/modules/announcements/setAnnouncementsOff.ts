import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { isId } from '#common/ids.ts';
import { ANNOUNCEMENT_TEXT, announcementsOffSchema } from '#common/announcements/announcementSchemas.ts';
import { canSetAnnouncementsOff } from '../access/policies.ts';

/** An owner turns a course's announcements and new-lesson notices off (or on again), for their own enrollment only. */
export async function setAnnouncementsOff(
  services: Services,
  actor: Actor,
  { courseId, choice }: { courseId: string; choice: unknown },
): Promise<{ off: boolean }> {
  if (!actor) throw unauthenticated();
  const enrollment = isId(courseId)
    ? await services.database.db
        .selectFrom('enrollment')
        .select(['id', 'userId'])
        .where('courseId', '=', courseId)
        .where('userId', '=', actor.userId)
        .executeTakeFirst()
    : undefined;
  if (!enrollment || !canSetAnnouncementsOff(actor, enrollment)) throw notFound(ANNOUNCEMENT_TEXT.notOwned);
  const { off } = parseInput(announcementsOffSchema, choice);
  await services.database.db
    .updateTable('enrollment')
    .set({ announcementsOff: off })
    .where('id', '=', enrollment.id)
    .execute();
  return { off };
}
