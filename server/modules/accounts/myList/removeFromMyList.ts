import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';

export async function removeFromMyList(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<void> {
  if (!actor) throw unauthenticated();
  await services.database.db
    .deleteFrom('myList')
    .where('userId', '=', actor.userId)
    .where('courseId', '=', courseId)
    .execute();
}
