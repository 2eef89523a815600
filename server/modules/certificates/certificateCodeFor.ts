import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';

/** The code of the actor's certificate for a course, if one was issued to them. */
export async function certificateCodeFor(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<string | null> {
  if (!actor) return null;
  const row = await services.database.db
    .selectFrom('certificate')
    .select('code')
    .where('userId', '=', actor.userId)
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  return row?.code ?? null;
}
