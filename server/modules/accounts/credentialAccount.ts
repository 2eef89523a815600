import type { Insertable } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

/** The `account` row better-auth reads for e-mail + password sign-in (provider "credential"). */
export function credentialAccount(userId: string, passwordHash: string, now: Date): Insertable<DB['account']> {
  return {
    id: newId(),
    userId,
    accountId: userId,
    providerId: 'credential',
    password: passwordHash,
    accessToken: null,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scope: null,
    createdAt: now,
    updatedAt: now,
  };
}
