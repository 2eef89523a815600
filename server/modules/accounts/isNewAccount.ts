import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toIso } from '#server/db/values.ts';

/** A session opened this soon after the account was made is the sign-up's own (sign-up signs in at once). */
const SIGN_UP_SESSION_MS = 60_000;

/**
 * Whether the person should be greeted "Welcome" rather than "Welcome back" (decision 0048): an account
 * that has bought nothing and has not signed in since signing up. Any sign-in after the sign-up's own
 * session, or any purchase (refunded ones too), makes them a returning learner.
 */
export async function isNewAccount(services: Services, actor: Actor): Promise<boolean> {
  if (!actor) return false;
  const db = services.database.db;
  const [user, sessions, bought] = await Promise.all([
    db.selectFrom('user').select('createdAt').where('id', '=', actor.userId).executeTakeFirst(),
    db.selectFrom('session').select('createdAt').where('userId', '=', actor.userId).execute(),
    db
      .selectFrom('payment')
      .select('id')
      .where('userId', '=', actor.userId)
      .where('status', 'in', ['paid', 'refunded'])
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!user || bought) return false;
  const madeAt = Date.parse(toIso(user.createdAt));
  return sessions.every((s) => Date.parse(toIso(s.createdAt)) - madeAt < SIGN_UP_SESSION_MS);
}
