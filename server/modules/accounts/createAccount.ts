import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Role } from '../access/policies.ts';
import { conflict } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { nextCounterValue } from './nextCounterValue.ts';

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';

export interface NewAccount {
  name: string;
  /** Already lower case. */
  email: string;
  /** A better-auth password hash (hashed before the transaction: scrypt is slow on purpose). */
  passwordHash: string;
  role: Role;
  phone: string;
}

/**
 * One transaction: the user, their credential account, and — for customers and creators — the profile
 * numbered from its counter (L1, L2… / C1, C2…). The counter is bumped by an upsert that locks its row,
 * so simultaneous sign-ups get distinct numbers; any failure rolls everything back, counter included.
 */
export async function createAccount(db: Kysely<DB>, a: NewAccount): Promise<{ userId: string; uniqueId: string | null }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const now = new Date();
      const userId = newId();
      await trx
        .insertInto('user')
        .values({ id: userId, name: a.name, email: a.email, emailVerified: false, image: null, role: a.role, phone: a.phone, status: 'active', createdAt: now, updatedAt: now })
        .execute();
      await trx
        .insertInto('account')
        .values({ id: newId(), userId, accountId: userId, providerId: 'credential', password: a.passwordHash, accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: now, updatedAt: now })
        .execute();
      if (a.role === 'admin') return { userId, uniqueId: null };
      const uniqueId = `${a.role === 'creator' ? 'C' : 'L'}${await nextCounterValue(trx, a.role === 'creator' ? 'creatorCount' : 'customerCount')}`;
      await trx
        .insertInto(a.role === 'creator' ? 'creatorProfile' : 'customerProfile')
        .values({ uniqueId, userId, name: a.name, email: a.email, phone: a.phone, createdAt: now })
        .execute();
      return { userId, uniqueId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  return e?.code === '23505' || e?.errcode === 2067 || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}
