import { isAPIError } from 'better-auth/api';
import type { AppServices } from '../../http/appContext.ts';
import { badRequest } from '../../http/errors.ts';
import { authFor } from './auth.ts';
import { passwordSchema } from './registrationSchema.ts';

export const BAD_RESET_LINK = 'This reset link is invalid, has expired or was already used. Please ask for a new one.';

/** Sets a new password from a reset link's token (once, before it expires) and ends every session. */
export async function resetPassword(services: AppServices, input: { token: unknown; password: unknown }): Promise<void> {
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) throw badRequest(password.error.issues[0]?.message ?? 'Please choose a new password');
  if (typeof input.token !== 'string' || !/^[\w-]{8,200}$/.test(input.token)) throw badRequest(BAD_RESET_LINK);
  try {
    await authFor(services).api.resetPassword({ body: { token: input.token, newPassword: password.data } });
  } catch (err) {
    if (isAPIError(err) && err.status === 'BAD_REQUEST') throw badRequest(BAD_RESET_LINK);
    throw err;
  }
}
