import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { CodeSent } from '../phone/requestPhoneCode.ts';
import { sendCodeToOwnPhone } from '../phone/sendCodeToOwnPhone.ts';

export const NO_PHONE_FOR_CODE = 'This account has a password: enter it to delete the account.';

/**
 * A phone-only account (no password to confirm with) confirms its deletion with a one-time code sent by
 * SMS to its phone, within the usual sending limits.
 */
export async function requestDeletionCode(
  services: Services,
  actor: Actor,
  { clientIp }: { clientIp: string },
): Promise<CodeSent> {
  if (!actor) throw unauthenticated('Please sign in to delete your account.');
  return sendCodeToOwnPhone(services, {
    userId: actor.userId,
    purpose: 'delete',
    clientIp,
    hasPassword: NO_PHONE_FOR_CODE,
  });
}
