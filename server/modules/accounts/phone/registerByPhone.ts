import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { codeEntrySchema, phoneSignUpSchema } from '#common/accounts/phoneSchemas.ts';
import { createAccount } from '../createAccount.ts';
import type { AuthResult } from '../startSession.ts';
import { consumeOtpChallenge } from './consumeOtpChallenge.ts';
import { startPhoneSession } from './startPhoneSession.ts';

/**
 * Sign-up by phone, second step: the code proves the phone given on the form (kept with the challenge),
 * then the account is created as by e-mail sign-up (one transaction, profile numbered L…/C…), without a
 * password, and signed in.
 */
export async function registerByPhone(
  services: Services,
  input: unknown,
  req: { headers: Headers; clientIp: string },
  now: Date = new Date(),
): Promise<AuthResult & { uniqueId: string | null }> {
  const entry = parseInput(codeEntrySchema, input);
  const { payload } = await consumeOtpChallenge(services, { ...entry, purpose: 'sign-up' }, now);
  const form = parseInput(phoneSignUpSchema, JSON.parse(payload ?? '{}'));
  const { userId, uniqueId } = await createAccount(services.database.db, {
    name: form.name,
    email: form.email ?? null,
    passwordHash: null,
    role: form.role,
    phone: form.phone,
    phoneVerified: true,
    locale: form.locale,
  });
  return { ...(await startPhoneSession(services, userId, req)), uniqueId };
}
