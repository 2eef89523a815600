import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { unauthenticated } from '#server/core/errors.ts';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import type { CodeSent } from '../phone/requestPhoneCode.ts';
import { sendCodeToOwnPhone } from '../phone/sendCodeToOwnPhone.ts';

/**
 * A phone-only account sets its first password with a code sent to its phone (decision 0048): being
 * signed in is not enough, since a session left open on a shared phone would otherwise hand over the account.
 */
export async function requestPasswordCode(
  services: Services,
  actor: Actor,
  { clientIp }: { clientIp: string },
): Promise<CodeSent> {
  if (!actor) throw unauthenticated();
  return sendCodeToOwnPhone(services, {
    userId: actor.userId,
    purpose: 'set-password',
    clientIp,
    hasPassword: ACCOUNT_TEXT.noPhoneForCode,
  });
}
