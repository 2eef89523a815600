import { z } from 'zod';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { codeEntrySchema } from '#common/accounts/phoneSchemas.ts';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import type { Actor } from '#server/core/actor.ts';
import { invalidInput, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { consumeOtpChallenge } from '../phone/consumeOtpChallenge.ts';

// A code that is not this account's, or a number proven by another account meanwhile, is answered like a
// wrong code: the step never says whose number it is.
const notThisCode = () => invalidInput(PHONE_TEXT.codeWrong, { code: PHONE_TEXT.codeWrong });

/** The code sent to the new number (requestPhoneChange): the account's M-Pesa number becomes it, proven. */
export async function confirmPhoneChange(services: Services, actor: Actor, input: unknown): Promise<{ phone: string }> {
  if (!actor) throw unauthenticated();
  const entry = parseInput(codeEntrySchema, input, ACCOUNT_TEXT.phoneCodeNeeded);
  const { phone, payload } = await consumeOtpChallenge(services, { ...entry, purpose: 'phone-change' });
  const owner = z.object({ userId: z.string() }).safeParse(JSON.parse(payload ?? 'null'));
  if (!owner.success || owner.data.userId !== actor.userId) throw notThisCode();
  const now = services.clock.now();
  try {
    await services.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user')
        .set({ phone, phoneVerified: true, updatedAt: now })
        .where('id', '=', actor.userId)
        .execute();
      await trx.updateTable('customerProfile').set({ phone }).where('userId', '=', actor.userId).execute();
      await trx.updateTable('creatorProfile').set({ phone }).where('userId', '=', actor.userId).execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw notThisCode();
    throw err;
  }
  return { phone };
}
