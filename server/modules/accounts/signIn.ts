import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { forgiveSignIn, limitAuthAttempts } from './limitAuthAttempts.ts';
import { deviceCookie, knownDeviceId } from './knownDevice.ts';
import { signInSchema } from '#common/accounts/registrationSchema.ts';
import { sendSignInCode, type CodeRequired } from './sendSignInCode.ts';
import { startSession, type AuthResult, type ClientRequest } from './startSession.ts';

/**
 * Email + password sign-in, rate-limited (see limitAuthAttempts); suspended users are refused. Past the
 * account-wide limit the answer is a code step instead of a session (sendSignInCode, signInWithCode).
 */
export async function signIn(
  services: Services,
  { form, headers, clientIp }: { form: unknown } & ClientRequest,
): Promise<AuthResult | { codeRequired: CodeRequired }> {
  const credentials = parseInput(signInSchema, form);
  const email = credentials.email.toLowerCase();
  const deviceId = knownDeviceId(services, { headers, email });
  const { codeRequired } = await limitAuthAttempts(services, { kind: 'sign-in', clientIp, email, deviceId });
  if (codeRequired)
    return { codeRequired: await sendSignInCode(services, { email, password: credentials.password, clientIp }) };
  const result = await startSession(services, { email, password: credentials.password, headers, clientIp });
  await forgiveSignIn(services, { email, clientIp, deviceId });
  // This browser becomes a known device of the account.
  return { ...result, setCookies: [...result.setCookies, deviceCookie(services, { email })] };
}
