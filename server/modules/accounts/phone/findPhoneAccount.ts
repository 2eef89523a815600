import type { Services } from '#server/core/services.ts';
import { toBool } from '#server/db/values.ts';

/**
 * The account a phone number signs in to: the one whose phone a code has proven, else the only account
 * that gave this number at sign-up (its first code proves it). Several unproven accounts with one
 * number: none, as we cannot tell whose it is.
 */
export async function findPhoneAccount(
  services: Services,
  { phone }: { phone: string },
): Promise<{ id: string; locale: string; phoneVerified: boolean } | null> {
  const rows = await services.database.db
    .selectFrom('user')
    .select(['id', 'locale', 'phoneVerified'])
    .where('phone', '=', phone)
    .orderBy('phoneVerified', 'desc')
    .limit(2)
    .execute();
  const [first, second] = rows;
  if (!first) return null;
  const verified = toBool(first.phoneVerified);
  if (!verified && second) return null;
  return { id: first.id, locale: first.locale, phoneVerified: verified };
}
