import { hashPassword } from 'better-auth/crypto';
import type { AppServices } from '../../http/appContext.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { EMAIL_TAKEN, createAccount } from './createAccount.ts';
import { limitAuthAttempts } from './limitAuthAttempts.ts';
import { describeIssues, registrationSchema } from './registrationSchema.ts';
import { startSession, type AuthResult } from './startSession.ts';

/**
 * Sign-up as PRODUCT.md §3: validated in full before anything is written (role admin is refused like
 * any other bad value), rate-limited, then created in one transaction and signed in.
 */
export async function registerAccount(
  services: AppServices,
  input: unknown,
  req: { headers: Headers; clientIp: string },
): Promise<AuthResult & { uniqueId: string | null }> {
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) {
    const { message, fields } = describeIssues(parsed.error);
    throw badRequest(message, fields);
  }
  const a = parsed.data;
  await limitAuthAttempts(services, 'sign-up', req.clientIp, a.email);
  const taken = await services.database.db.selectFrom('user').select('id').where('email', '=', a.email).executeTakeFirst();
  if (taken) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(a.password);
  const { uniqueId } = await createAccount(services.database.db, { ...a, passwordHash });
  // The account exists now; signing in through better-auth gives the session and its cookie.
  const session = await startSession(services, a.email, a.password, req);
  return { ...session, uniqueId };
}
