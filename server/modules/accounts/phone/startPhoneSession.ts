import { toLocale } from '#common/accounts/locale.ts';
import type { Services } from '#server/core/services.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { forbidden } from '#server/core/errors.ts';
import { issueSession } from '#server/auth/issueSession.ts';
import { SUSPENDED_MESSAGE } from '#server/auth/createAuth.ts';
import type { AuthResult, ClientRequest } from '../startSession.ts';

/** Signs in a user whose phone a code has just proven (a session and its cookie, as startSession gives). */
export async function startPhoneSession(
  services: Services,
  { userId, headers, clientIp }: { userId: string } & ClientRequest,
): Promise<AuthResult> {
  const db = services.database.db;
  const user = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const issued = await issueSession(services.auth, userId, { headers, clientIp });
  if (issued === 'suspended') throw forbidden(SUSPENDED_MESSAGE);
  return {
    actor: {
      userId: user.id,
      name: user.name,
      email: user.email,
      role: user.role as SessionUser['role'],
      locale: toLocale(user.locale),
    },
    setCookies: [issued.setCookie],
  };
}
