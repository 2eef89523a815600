import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { z } from 'zod';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { codeEntrySchema } from '#common/accounts/phoneSchemas.ts';
import { passwordSchema } from '#common/accounts/registrationSchema.ts';
import type { Actor } from '#server/core/actor.ts';
import { forbidden, rateLimited, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { credentialAccount } from '../credentialAccount.ts';
import { TOO_MANY_ATTEMPTS } from '../limitAuthAttempts.ts';
import { passwordHashOf } from '../personalData/passwordHashOf.ts';
import { consumeOtpChallenge } from '../phone/consumeOtpChallenge.ts';
import { consumeRateLimit } from '../rateLimit.ts';

/** Wrong current passwords per account: a session left open must not become a password oracle. */
const CURRENT_PASSWORD_TRIES = { window: 900, max: 5 } as const;

const newPassword = z.object({ password: passwordSchema });
const byPassword = newPassword.extend({
  currentPassword: z
    .string({ error: ACCOUNT_TEXT.currentPasswordNeeded })
    .min(1, ACCOUNT_TEXT.currentPasswordNeeded)
    .max(128, ACCOUNT_TEXT.currentPasswordWrong),
});
const byCode = newPassword.extend(codeEntrySchema.shape);

/**
 * Changes the signed-in person's password: with their current password, or, for a phone-only account
 * setting its first one, with a code sent to its phone (requestPasswordCode). Every other session of the
 * account is signed out (`sessionId`, this browser's, stays).
 */
export async function changeMyPassword(
  services: Services,
  actor: Actor,
  { form, sessionId }: { form: unknown; sessionId: string | null },
): Promise<void> {
  if (!actor) throw unauthenticated();
  const userId = actor.userId;
  const hash = await passwordHashOf(services, { userId });
  let password: string;
  if (hash === null) {
    const entry = parseInput(byCode, form, ACCOUNT_TEXT.passwordCodeNeeded);
    const { payload } = await consumeOtpChallenge(services, { ...entry, purpose: 'set-password' });
    const owner = z.object({ userId: z.string() }).safeParse(JSON.parse(payload ?? 'null'));
    if (!owner.success || owner.data.userId !== userId) throw forbidden(ACCOUNT_TEXT.passwordCodeNeeded);
    password = entry.password;
  } else {
    const entry = parseInput(byPassword, form);
    const { allowed, retryAfter } = await consumeRateLimit(services, {
      key: `password-change:${userId}`,
      rule: CURRENT_PASSWORD_TRIES,
    });
    if (!allowed) throw rateLimited(TOO_MANY_ATTEMPTS, retryAfter);
    if (!(await verifyPassword({ hash, password: entry.currentPassword })))
      throw forbidden(ACCOUNT_TEXT.currentPasswordWrong);
    password = entry.password;
  }
  const newHash = await hashPassword(password);
  const now = services.clock.now();
  await services.database.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('account')
      .set({ password: newHash, updatedAt: now })
      .where('userId', '=', userId)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0)
      await trx
        .insertInto('account')
        .values(credentialAccount(userId, newHash, now))
        .execute();
    await trx
      .deleteFrom('session')
      .where('userId', '=', userId)
      .where('id', '!=', sessionId ?? '')
      .execute();
  });
}
