import type { AppServices } from '../../http/appContext.ts';
import { badRequest } from '../../http/errors.ts';
import { authFor } from './auth.ts';
import { limitAuthAttempts } from './limitAuthAttempts.ts';
import { emailSchema } from './registrationSchema.ts';

/**
 * Emails a one-time reset link (see auth.ts' sendResetPassword). The answer is the same whether or not
 * the email has an account, so the form cannot be used to find out who is registered.
 */
export async function requestPasswordReset(services: AppServices, input: { email: unknown }, clientIp: string): Promise<void> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
  await limitAuthAttempts(services, 'reset', clientIp, parsed.data);
  await authFor(services).api.requestPasswordReset({ body: { email: parsed.data, redirectTo: '/reset-password' } });
}
