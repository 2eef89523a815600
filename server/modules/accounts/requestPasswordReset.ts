import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { parseInput } from '#server/core/parseInput.ts';
import { limitAuthAttempts } from './limitAuthAttempts.ts';
import { emailSchema } from '#common/accounts/registrationSchema.ts';

/**
 * Emails a one-time reset link (see auth.ts' sendResetPassword). The answer is the same whether or not
 * the email has an account, so the form cannot be used to find out who is registered.
 */
export async function requestPasswordReset(
  services: Services,
  input: { email: unknown; clientIp: string },
): Promise<void> {
  const { email } = parseInput(z.object({ email: emailSchema }), { email: input.email });
  await limitAuthAttempts(services, { kind: 'reset', clientIp: input.clientIp, email });
  await services.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
}
