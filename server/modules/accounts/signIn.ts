import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { limitAuthAttempts, signInLimitKeys } from './limitAuthAttempts.ts';
import { deviceCookie, knownDeviceId } from './knownDevice.ts';
import { clearRateLimit } from './rateLimit.ts';
import { signInSchema } from '#common/accounts/registrationSchema.ts';
import { startSession, type AuthResult, type ClientRequest } from './startSession.ts';

/** Email + password sign-in, rate-limited (see limitAuthAttempts); suspended users are refused. */
export async function signIn(
  services: Services,
  { form, headers, clientIp }: { form: unknown } & ClientRequest,
): Promise<AuthResult> {
  const credentials = parseInput(signInSchema, form);
  const email = credentials.email.toLowerCase();
  const deviceId = knownDeviceId(services, { headers, email });
  await limitAuthAttempts(services, { kind: 'sign-in', clientIp, email, deviceId });
  const result = await startSession(services, { email, password: credentials.password, headers, clientIp });
  // Only failures should count against the account: a good sign-in starts it afresh, and this browser
  // becomes a known device of the account.
  for (const key of signInLimitKeys(email, clientIp, deviceId)) await clearRateLimit(services, { key });
  return { ...result, setCookies: [...result.setCookies, deviceCookie(services, { email })] };
}
