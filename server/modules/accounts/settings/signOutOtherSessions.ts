import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';

/** "Sign out everywhere else": ends every session of the signed-in person but this browser's. */
export async function signOutOtherSessions(
  services: Services,
  actor: Actor,
  { sessionId }: { sessionId: string | null },
): Promise<{ signedOut: number }> {
  if (!actor) throw unauthenticated();
  const result = await services.database.db
    .deleteFrom('session')
    .where('userId', '=', actor.userId)
    .where('id', '!=', sessionId ?? '')
    .executeTakeFirst();
  return { signedOut: Number(result.numDeletedRows) };
}
