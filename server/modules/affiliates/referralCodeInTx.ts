import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A person's referral code, made the first time they ask for a link (8 letters and digits, easy to read out). */
export async function referralCodeInTx(
  trx: Kysely<DB>,
  { userId, now }: { userId: string; now: Date },
): Promise<string> {
  const read = () => trx.selectFrom('affiliate').select('code').where('userId', '=', userId).executeTakeFirst();
  const held = await read();
  if (held) return held.code;
  const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  // Two presses at once: the first insert wins and both answer its code.
  await trx
    .insertInto('affiliate')
    .values({ userId, code, createdAt: now })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  return (await read())!.code;
}
