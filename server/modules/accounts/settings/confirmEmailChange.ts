import { z } from 'zod';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { toIso } from '#server/db/values.ts';
import { emailChangeTokenHash } from './requestEmailChange.ts';

const schema = z.object({ token: z.string().regex(/^[\w-]{20,100}$/) });

/**
 * Opens the link sent to a new address (requestEmailChange): the account's e-mail becomes that address,
 * proven. The link works once and until it expires, whoever's browser opens it (the address is the proof).
 * An address taken by another account meanwhile, a used, expired or unknown link all get the same answer and
 * change nothing. The use is a conditional update in the same transaction as the change, so two tabs opening
 * the link change the e-mail once.
 */
export async function confirmEmailChange(services: Services, input: unknown): Promise<{ email: string }> {
  const { token } = parseInput(schema, input, ACCOUNT_TEXT.emailLinkBad);
  const now = services.clock.now();
  try {
    return await services.database.db.transaction().execute(async (trx) => {
      const change = await trx
        .updateTable('emailChange')
        .set({ usedAt: now })
        .where('tokenHash', '=', emailChangeTokenHash(token))
        .where('usedAt', 'is', null)
        .returning(['userId', 'newEmail', 'expiresAt'])
        .executeTakeFirst();
      if (!change || Date.parse(toIso(change.expiresAt)) <= now.getTime())
        throw invalidInput(ACCOUNT_TEXT.emailLinkBad);
      const changed = await trx
        .updateTable('user')
        .set({ email: change.newEmail, emailVerified: true, updatedAt: now })
        .where('id', '=', change.userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw invalidInput(ACCOUNT_TEXT.emailLinkBad);
      await trx
        .updateTable('customerProfile')
        .set({ email: change.newEmail })
        .where('userId', '=', change.userId)
        .execute();
      await trx
        .updateTable('creatorProfile')
        .set({ email: change.newEmail })
        .where('userId', '=', change.userId)
        .execute();
      return { email: change.newEmail };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalidInput(ACCOUNT_TEXT.emailLinkBad);
    throw err;
  }
}
