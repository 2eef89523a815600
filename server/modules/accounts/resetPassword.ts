import { isAPIError } from 'better-auth/api';
import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { passwordSchema } from '#common/accounts/registrationSchema.ts';

export const BAD_RESET_LINK = 'This reset link is invalid, has expired or was already used. Please ask for a new one.';

/** Sets a new password from a reset link's token (once, before it expires) and ends every session. */
export async function resetPassword(services: Services, input: { token: unknown; password: unknown }): Promise<void> {
  const { password } = parseInput(z.object({ password: passwordSchema }), { password: input.password });
  if (typeof input.token !== 'string' || !/^[\w-]{8,200}$/.test(input.token)) throw invalidInput(BAD_RESET_LINK);
  try {
    await services.auth.api.resetPassword({ body: { token: input.token, newPassword: password } });
  } catch (err) {
    if (isAPIError(err) && err.status === 'BAD_REQUEST') throw invalidInput(BAD_RESET_LINK);
    throw err;
  }
}
