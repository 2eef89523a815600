import type { DarasaMigration } from './types.ts';

/**
 * Gifts (issue 27, decision 0061): a purchase paid by its buyer whose enrollment goes to whoever signs in
 * with the recipient's phone and claims it. One gift per payment; the claim link's token is stored hashed
 * (sha-256), so the database alone cannot claim anything. `claimedBy`/`claimedAt` are set once (a conditional
 * update); `cancelledAt` is set when an admin asks for the refund of an unclaimed gift, and the link stops
 * working then. `resendCount` counts the buyer's "Resend SMS" (at most 3).
 */
export const gifts: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('gift')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('paymentId', 'text', (c) => c.notNull().unique().references('payment.id').onDelete('cascade'))
      .addColumn('buyerId', 'text', (c) => c.notNull())
      .addColumn('courseId', 'text', (c) => c.notNull())
      .addColumn('recipientPhone', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('claimedBy', 'text')
      .addColumn('claimedAt', t.ts)
      .addColumn('cancelledAt', t.ts)
      .addColumn('resendCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lastSmsAt', t.ts)
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('gift_buyer').on('gift').columns(['buyerId', 'createdAt']).execute();
  },
};
