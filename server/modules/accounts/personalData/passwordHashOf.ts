import type { Services } from '#server/core/services.ts';

/** The account's password hash, or null for a phone-only account (it signs in by SMS code). */
export async function passwordHashOf(services: Services, { userId }: { userId: string }): Promise<string | null> {
  const credential = await services.database.db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return credential?.password ?? null;
}
