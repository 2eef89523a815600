import { sql } from 'kysely';
import type { Services } from '#server/core/services.ts';
import { invalidInput } from '#server/core/errors.ts';
import { toIso } from '#server/db/values.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { otpCodeMatches } from './otpCode.ts';
import { OTP, type OtpPurpose } from './otpPolicy.ts';

/**
 * Checks a code against its challenge and uses it up. Each try is counted before the code is compared,
 * in one conditional update, so no number of simultaneous guesses gets more than OTP.maxTries; the right
 * code is accepted once (the second use finds usedAt set).
 */
export async function consumeOtpChallenge(
  services: Services,
  { challengeId, code, purpose }: { challengeId: string; code: string; purpose: OtpPurpose },
): Promise<{ phone: string; payload: string | null }> {
  const db = services.database.db;
  const now = services.clock.now();
  const row = await db
    .updateTable('otpChallenge')
    .set({ attempts: sql<number>`"attempts" + 1` })
    .where('id', '=', challengeId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('attempts', '<', OTP.maxTries)
    .returning(['phone', 'payload', 'codeHash', 'expiresAt', 'attempts'])
    .executeTakeFirst();
  if (!row) {
    const spent = await db
      .selectFrom('otpChallenge')
      .select('attempts')
      .where('id', '=', challengeId)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    throw codeError(spent ? PHONE_TEXT.codeTooManyTries : PHONE_TEXT.codeExpired);
  }
  if (Date.parse(toIso(row.expiresAt)) <= now.getTime()) throw codeError(PHONE_TEXT.codeExpired);
  const secret = (await services.auth.$context).secret;
  if (!otpCodeMatches(secret, challengeId, code, row.codeHash))
    throw codeError(Number(row.attempts) >= OTP.maxTries ? PHONE_TEXT.codeTooManyTries : PHONE_TEXT.codeWrong);
  const used = await db
    .updateTable('otpChallenge')
    .set({ usedAt: now })
    .where('id', '=', challengeId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw codeError(PHONE_TEXT.codeExpired);
  return { phone: row.phone, payload: row.payload };
}

const codeError = (message: string) => invalidInput(message, { code: message });
