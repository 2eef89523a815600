import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toIso } from '#server/db/values.ts';

export interface MySession {
  id: string;
  /** The browser's User-Agent as it signed in ('' when it sent none); the page names the browser and system. */
  userAgent: string;
  /** When the session was last extended or opened: sessions are extended once a day of use. */
  lastActive: string;
  /** The session of the request asking ("this device"). */
  current: boolean;
}

/** The signed-in person's own sessions that have not expired, this device first, then the latest active. */
export async function listMySessions(
  services: Services,
  actor: Actor,
  { sessionId }: { sessionId: string | null },
): Promise<MySession[]> {
  if (!actor) throw unauthenticated();
  const rows = await services.database.db
    .selectFrom('session')
    .select(['id', 'userAgent', 'updatedAt', 'expiresAt'])
    .where('userId', '=', actor.userId)
    .orderBy('updatedAt', 'desc')
    .limit(100)
    .execute();
  const now = services.clock.now().getTime();
  return rows
    .filter((r) => Date.parse(toIso(r.expiresAt)) > now)
    .map((r) => ({
      id: r.id,
      userAgent: r.userAgent ?? '',
      lastActive: toIso(r.updatedAt),
      current: r.id === sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
