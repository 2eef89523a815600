import type { DarasaMigration } from './types.ts';

/**
 * Africa's Talking can report a delivery before the send call that produced the message id has returned
 * (and so before the smsMessage row exists). Every final report is kept here by message id; the report
 * and the send each apply it to the smsMessage row after writing their own part, so either order ends
 * with the row showing the report.
 */
export const smsDeliveryReports: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('smsDeliveryReport')
      .addColumn('providerMessageId', 'text', (c) => c.primaryKey())
      // delivered | failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('failureReason', 'text')
      .addColumn('receivedAt', t.ts, (c) => c.notNull())
      .execute();
  },
};
