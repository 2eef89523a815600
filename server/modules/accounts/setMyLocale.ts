import { z } from 'zod';
import { LOCALES } from '#common/accounts/locale.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';

const schema = z.object({ locale: z.enum(LOCALES) });

/**
 * The language switch: a signed-in person's choice is kept on their account (it follows them to other
 * devices and chooses their SMS and e-mail language); a visitor's lives only in the cookie the caller sets.
 */
export async function setMyLocale(services: Services, actor: Actor, input: unknown): Promise<{ locale: string }> {
  const { locale } = parseInput(schema, input, 'Choose English or Kiswahili.');
  if (actor) await services.database.db.updateTable('user').set({ locale }).where('id', '=', actor.userId).execute();
  return { locale };
}
