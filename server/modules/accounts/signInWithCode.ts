import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { codeEntrySchema } from '#common/accounts/phoneSchemas.ts';
import { deviceCookie } from './knownDevice.ts';
import { consumeOtpChallenge } from './phone/consumeOtpChallenge.ts';
import { startPhoneSession } from './phone/startPhoneSession.ts';
import type { AuthResult, ClientRequest } from './startSession.ts';

/**
 * The second step of a sign-in past the account-wide limit: the code sent after the right password
 * (sendSignInCode) opens the session, and this browser becomes a known device of the account.
 */
export async function signInWithCode(
  services: Services,
  { form, headers, clientIp }: { form: unknown } & ClientRequest,
): Promise<AuthResult> {
  const entry = parseInput(codeEntrySchema, form);
  const { payload } = await consumeOtpChallenge(services, { ...entry, purpose: 'sign-in-step' });
  // A decoy challenge (wrong password) has no code anyone knows, so it never gets this far.
  const { userId } = z.object({ userId: z.string() }).parse(JSON.parse(payload ?? 'null'));
  const result = await startPhoneSession(services, { userId, headers, clientIp });
  const { email } = result.actor;
  return { ...result, setCookies: [...result.setCookies, ...(email ? [deviceCookie(services, { email })] : [])] };
}
