import type { Services } from '#server/core/services.ts';
import type { Role } from '../access/policies.ts';
import { conflict } from '#server/core/errors.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { newId } from '#server/lib/ids.ts';
import { nextCounterValueInTx } from './nextCounterValue.ts';
import { credentialAccount } from './credentialAccount.ts';
import type { Locale } from '#common/accounts/locale.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';

export interface NewAccount {
  name: string;
  /** Already lower case; null for a learner who signed up by phone. */
  email: string | null;
  /** A better-auth password hash (hashed before the transaction: scrypt is slow on purpose); null: no password login. */
  passwordHash: string | null;
  role: Role;
  phone: string;
  /** The phone was proven by a one-time code (phone sign-up). */
  phoneVerified?: boolean;
  /** The e-mail was proven by a one-time code (e-mail sign-up). */
  emailVerified?: boolean;
  locale?: Locale;
}

/**
 * One transaction: the user, their credential account, and — for customers and creators — the profile
 * numbered from its counter (L1, L2… / C1, C2…). The counter is bumped by an upsert that locks its row,
 * so simultaneous sign-ups get distinct numbers; any failure rolls everything back, counter included.
 */
export async function createAccount(
  services: Services,
  { name, email, passwordHash, role, phone, phoneVerified = false, emailVerified = false, locale = 'en' }: NewAccount,
): Promise<{ userId: string; uniqueId: string | null }> {
  try {
    return await services.database.db.transaction().execute(async (trx) => {
      const now = services.clock.now();
      const userId = newId();
      await trx
        .insertInto('user')
        .values({
          id: userId,
          name,
          email,
          emailVerified,
          image: null,
          role,
          phone,
          status: 'active',
          phoneVerified,
          locale,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      if (passwordHash !== null)
        await trx
          .insertInto('account')
          .values(credentialAccount(userId, passwordHash, now))
          .execute();
      if (role === 'admin') return { userId, uniqueId: null };
      const counter = role === 'creator' ? 'creatorCount' : 'customerCount';
      const uniqueId = `${role === 'creator' ? 'C' : 'L'}${await nextCounterValueInTx(trx, { name: counter })}`;
      await trx
        .insertInto(role === 'creator' ? 'creatorProfile' : 'customerProfile')
        // Profiles keep '' for a learner without email (their column predates phone sign-up).
        .values({ uniqueId, userId, name, email: email ?? '', phone, createdAt: now })
        .execute();
      return { userId, uniqueId };
    });
  } catch (err) {
    // The verified-phone index is the other unique constraint a new user can hit.
    if (isUniqueViolation(err))
      throw String((err as Error).message).includes('phone') ? conflict(PHONE_TEXT.phoneTaken) : conflict(EMAIL_TAKEN);
    throw err;
  }
}
