import type { DarasaMigration } from './types.ts';

// Receipt numbers only from a source we can trust (issue 15): a callback's receipt is kept as a claim until
// Daraja's Transaction Status query confirms it; mpesaReceipt then holds only confirmed numbers. Receipts
// stored before this migration stay as they were.
export const receiptCheck: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema.alterTable('payment').addColumn('claimedReceipt', 'text').execute();
    await db.schema.alterTable('payment').addColumn('receiptCheck', 'text').execute();
    await db.schema.alterTable('payment').addColumn('receiptCheckedAt', t.ts).execute();
    // The reconciler's sweep for checks whose answer never came.
    await db.schema.createIndex('payment_receipt_check').on('payment').columns(['receiptCheck', 'paidAt']).execute();
  },
};
