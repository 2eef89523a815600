import type { DarasaMigration } from './types.ts';

// Money coming in, verified before it acts (issue 23, decision 0038).
// - mpesaIncoming: every C2B (Paybill) confirmation, and every STK success for a purchase already paid, as
//   M-Pesa told it (unsigned). Nothing is granted until Transaction Status agrees; a second payment for a
//   purchase already paid is kept here and returned through a reversal. One row per M-Pesa transaction id.
// - refund: a refund is "requested" until Transaction Status confirms the reversal, "failed" with M-Pesa's
//   reason when it did not happen; refunds made before this migration were done.
export const moneyIn: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('mpesaIncoming')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // paybill | stk
      .addColumn('source', 'text', (c) => c.notNull())
      // M-Pesa's TransID / receipt number as the message named it; null for an STK success without one.
      .addColumn('transId', 'text', (c) => c.unique())
      .addColumn('checkoutRequestId', 'text')
      .addColumn('paymentId', 'text', (c) => c.references('payment.id').onDelete('set null'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('account', 'text')
      .addColumn('shortcode', 'text')
      .addColumn('phone', 'text')
      // checking | settled | held | extra | returning | returned | return_failed
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('reversalRef', 'text')
      .addColumn('reversalOriginatorId', 'text')
      .addColumn('checkedAt', t.ts)
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mpesa_incoming_payment').on('mpesaIncoming').columns(['paymentId']).execute();
    await db.schema.createIndex('mpesa_incoming_state').on('mpesaIncoming').columns(['state', 'updatedAt']).execute();
    await db.schema.createIndex('mpesa_incoming_reversal').on('mpesaIncoming').columns(['reversalRef']).execute();

    await db.schema
      .alterTable('refund')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('done'))
      .execute();
    await db.schema.alterTable('refund').addColumn('failureReason', 'text').execute();
    await db.schema.alterTable('refund').addColumn('reversalOriginatorId', 'text').execute();
    await db.schema.alterTable('refund').addColumn('updatedAt', t.ts).execute();
    await db.schema.alterTable('refund').addColumn('checkedAt', t.ts).execute();
    await db.schema.createIndex('refund_provider_ref').on('refund').columns(['providerRef']).execute();
  },
};
