import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { codeEntrySchema, phoneSignUpSchema } from '#common/accounts/phoneSchemas.ts';
import { createAccount } from '../createAccount.ts';
import type { AuthResult, ClientRequest } from '../startSession.ts';
import { consumeOtpChallenge } from './consumeOtpChallenge.ts';
import { startPhoneSession } from './startPhoneSession.ts';

/**
 * Sign-up by phone, second step: the code proves the phone given on the form (kept with the challenge),
 * then the account is created as by e-mail sign-up (one transaction, profile numbered L…/C…), without a
 * password, and signed in.
 */
export async function registerByPhone(
  services: Services,
  { form, headers, clientIp }: { form: unknown } & ClientRequest,
): Promise<AuthResult & { uniqueId: string | null }> {
  const entry = parseInput(codeEntrySchema, form);
  const { payload } = await consumeOtpChallenge(services, { ...entry, purpose: 'sign-up' });
  const signUp = parseInput(phoneSignUpSchema, JSON.parse(payload ?? '{}'));
  const { userId, uniqueId } = await createAccount(services, {
    name: signUp.name,
    email: signUp.email ?? null,
    passwordHash: null,
    role: signUp.role,
    phone: signUp.phone,
    phoneVerified: true,
    locale: signUp.locale,
  });
  return { ...(await startPhoneSession(services, { userId, headers, clientIp })), uniqueId };
}
