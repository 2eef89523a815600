import { randomInt } from 'node:crypto';
import type { Services } from '#server/core/services.ts';

// A Paybill account number a person types on a feature phone: seven digits, unique among purchases, not
// guessable in sequence (a stranger must not be able to pay into, or probe, someone else's purchase).
const DIGITS = 7;

export async function newPaybillAccount(services: Services): Promise<string> {
  for (;;) {
    const account = String(randomInt(10 ** (DIGITS - 1), 10 ** DIGITS));
    const taken = await services.database.db
      .selectFrom('payment')
      .select('id')
      .where('paybillAccount', '=', account)
      .executeTakeFirst();
    if (!taken) return account;
  }
}

/** What the customer typed, as we store it: spaces and dashes dropped. */
export function normalisePaybillAccount(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}
