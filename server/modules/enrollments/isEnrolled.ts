import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';

/** Whether the actor owns the course (bought it, or enrolled in it for free); a visitor owns nothing. */
export async function isEnrolled(
  services: Pick<Services, 'database'>,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<boolean> {
  if (!actor) return false;
  const row = await services.database.db
    .selectFrom('enrollment')
    .select('id')
    .where('userId', '=', actor.userId)
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  return !!row;
}
