import type { AppServices } from '../../http/appContext.ts';
import { badRequest } from '../../http/errors.ts';
import { accountLimitKey, limitAuthAttempts } from './limitAuthAttempts.ts';
import { clearRateLimit } from './rateLimit.ts';
import { describeIssues, signInSchema } from './registrationSchema.ts';
import { startSession, type AuthResult } from './startSession.ts';

/** Email + password sign-in, rate-limited per IP and per account; suspended users are refused. */
export async function signIn(
  services: AppServices,
  input: unknown,
  req: { headers: Headers; clientIp: string },
): Promise<AuthResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    const { message, fields } = describeIssues(parsed.error);
    throw badRequest(message, fields);
  }
  const email = parsed.data.email.toLowerCase();
  await limitAuthAttempts(services, 'sign-in', req.clientIp, email);
  const result = await startSession(services, email, parsed.data.password, req);
  // Only failures should count against the account: a good sign-in starts it afresh.
  await clearRateLimit(services.database.db, accountLimitKey('sign-in', email));
  return result;
}
