import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { unauthenticated } from '#server/core/errors.ts';
import { toBool } from '#server/db/values.ts';
import { type Locale, toLocale } from '#common/accounts/locale.ts';
import { passwordHashOf } from './passwordHashOf.ts';

export interface AccountSettings {
  name: string;
  email: string | null;
  phone: string;
  /** The phone was proven by a code (sign-up by phone, or a change of number). */
  phoneVerified: boolean;
  locale: Locale;
  /** How deleting the account is confirmed: its password, or (phone-only accounts) an SMS code. */
  confirmBy: 'password' | 'code';
}

/** What the settings page shows of the signed-in person. */
export async function getAccountSettings(services: Services, actor: Actor): Promise<AccountSettings> {
  if (!actor) throw unauthenticated('Please sign in.');
  const user = await services.database.db
    .selectFrom('user')
    .select(['name', 'email', 'phone', 'phoneVerified', 'locale'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  const byPassword = (await passwordHashOf(services, { userId: actor.userId })) !== null;
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    phoneVerified: toBool(user.phoneVerified),
    locale: toLocale(user.locale),
    confirmBy: byPassword ? 'password' : 'code',
  };
}
