import type { DarasaMigration } from './types.ts';

// Pay by Paybill (C2B): each purchase gets a short account number the customer types on the phone, so a
// Paybill payment finds its purchase. Older payments have none; the index enforces uniqueness of the rest.
export const paybillAccount: DarasaMigration = {
  async up(db) {
    await db.schema.alterTable('payment').addColumn('paybillAccount', 'text').execute();
    await db.schema.createIndex('payment_paybill_account').on('payment').column('paybillAccount').unique().execute();
  },
};
