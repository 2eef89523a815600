import type { Services } from '#server/core/services.ts';
import { invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { codeEntrySchema } from '#common/accounts/phoneSchemas.ts';
import type { AuthResult, ClientRequest } from '../startSession.ts';
import { consumeOtpChallenge } from './consumeOtpChallenge.ts';
import { findPhoneAccount } from './findPhoneAccount.ts';
import { markPhoneVerified } from './markPhoneVerified.ts';
import { startPhoneSession } from './startPhoneSession.ts';

/** Phone + SMS code sign-in: the code proves the phone, and the account behind it is signed in. */
export async function signInWithPhone(
  services: Services,
  { form, headers, clientIp }: { form: unknown } & ClientRequest,
): Promise<AuthResult> {
  const entry = parseInput(codeEntrySchema, form);
  const { phone } = await consumeOtpChallenge(services, { ...entry, purpose: 'sign-in' });
  const account = await findPhoneAccount(services, { phone });
  if (!account) throw invalidInput(PHONE_TEXT.noAccountForPhone);
  if (!account.phoneVerified) await markPhoneVerified(services, { userId: account.id });
  return startPhoneSession(services, { userId: account.id, headers, clientIp });
}
