import type { DarasaMigration } from './types.ts';

/**
 * How a purchase asks for its money: `stk`, a PIN prompt sent to the phone (every payment before this), or
 * `paybill`, no prompt at all: the learner pays into the purchase's Paybill account number (offered after a
 * prompt failed or was cancelled; decision 0040).
 */
export const paymentMethod: DarasaMigration = {
  async up(db) {
    await db.schema
      .alterTable('payment')
      .addColumn('method', 'text', (c) => c.notNull().defaultTo('stk'))
      .execute();
  },
};
