import { hashPassword } from 'better-auth/crypto';
import type { Services } from '#server/core/services.ts';
import { invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { phoneResetSchema } from '#common/accounts/phoneSchemas.ts';
import { credentialAccount } from '../credentialAccount.ts';
import { consumeOtpChallenge } from './consumeOtpChallenge.ts';
import { findPhoneAccount } from './findPhoneAccount.ts';

/**
 * Password reset by SMS code: sets the new password (creating the password login of a phone-only
 * account), proves the phone, and ends every session, as the e-mailed link does.
 */
export async function resetPasswordByPhone(services: Services, input: unknown): Promise<void> {
  const entry = parseInput(phoneResetSchema, input);
  const { phone } = await consumeOtpChallenge(services, { ...entry, purpose: 'reset' });
  const account = await findPhoneAccount(services, { phone });
  if (!account) throw invalidInput(PHONE_TEXT.noAccountForPhone);
  const password = await hashPassword(entry.password);
  const now = services.clock.now();
  await services.database.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('account')
      .set({ password, updatedAt: now })
      .where('userId', '=', account.id)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0)
      await trx
        .insertInto('account')
        .values(credentialAccount(account.id, password, now))
        .execute();
    await trx.updateTable('user').set({ phoneVerified: true, updatedAt: now }).where('id', '=', account.id).execute();
    await trx.deleteFrom('session').where('userId', '=', account.id).execute();
  });
}
