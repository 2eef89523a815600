import { hashPassword } from 'better-auth/crypto';
import type { Services } from '#server/core/services.ts';
import { conflict } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { EMAIL_TAKEN, createAccount } from './createAccount.ts';
import { limitAuthAttempts } from './limitAuthAttempts.ts';
import { registrationSchema } from '#common/accounts/registrationSchema.ts';
import { startSession, type AuthResult, type ClientRequest } from './startSession.ts';

/**
 * Sign-up per docs/product.md: validated in full before anything is written (role admin is refused like
 * any other bad value), rate-limited, then created in one transaction and signed in.
 */
export async function registerAccount(
  services: Services,
  { form, headers, clientIp }: { form: unknown } & ClientRequest,
): Promise<AuthResult & { uniqueId: string | null }> {
  const a = parseInput(registrationSchema, form);
  await limitAuthAttempts(services, { kind: 'sign-up', clientIp, email: a.email });
  const taken = await services.database.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', a.email)
    .executeTakeFirst();
  if (taken) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(a.password);
  const { uniqueId } = await createAccount(services, { ...a, passwordHash });
  // The account exists now; signing in through better-auth gives the session and its cookie.
  const session = await startSession(services, { email: a.email, password: a.password, headers, clientIp });
  return { ...session, uniqueId };
}
