import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

// Creator earnings and payouts (docs/decisions/0018).
// - journalEntry/journalLine: a double-entry ledger in whole KES. Every money movement is one entry whose
//   lines sum to zero; balances are sums over lines, never stored. `availableAt` on a line is when it
//   counts as available (a sale's creator share only after the holding period). One entry per
//   (kind, payment) and per (kind, payout): replays of a callback cannot post twice.
// - payoutAccount: a creator's M-Pesa number (verified by a KES 1 B2C test transfer), schedule and hold.
// - payout: one B2C transfer, a forward-only state machine (requested → sent → paid | failed). At most one
//   open payout per creator (partial unique index), so concurrent withdrawals cannot both go out.
export const payouts: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('journalEntry')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // sale | refund | payout | payout_paid | payout_failed | adjustment | verification
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('creatorId', 'text', (c) => c.references('user.id').onDelete('restrict'))
      .addColumn('paymentId', 'text', (c) => c.references('payment.id').onDelete('restrict'))
      .addColumn('payoutId', 'text')
      .addColumn('courseId', 'text')
      /** The platform fee (percent) a sale was made under; refunds reverse with the same split. */
      .addColumn('feePercent', 'integer')
      .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('actorId', 'text')
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('journal_entry_payment_once')
      .on('journalEntry')
      .columns(['kind', 'paymentId'])
      .unique()
      .where(sql<boolean>`"paymentId" is not null`)
      .execute();
    await db.schema
      .createIndex('journal_entry_payout_once')
      .on('journalEntry')
      .columns(['kind', 'payoutId'])
      .unique()
      .where(sql<boolean>`"payoutId" is not null`)
      .execute();
    await db.schema.createIndex('journal_entry_created').on('journalEntry').columns(['createdAt', 'id']).execute();
    // Course analytics read a course's sales and refunds by day (revenue net of fees).
    await db.schema.createIndex('journal_entry_course').on('journalEntry').columns(['courseId', 'createdAt']).execute();
    await db.schema
      .createIndex('journal_entry_creator')
      .on('journalEntry')
      .columns(['creatorId', 'createdAt'])
      .execute();

    await db.schema
      .createTable('journalLine')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('entryId', 'text', (c) => c.notNull().references('journalEntry.id').onDelete('restrict'))
      // creator_payable | payouts_in_flight | platform_fees | mpesa_paybill | mpesa_b2c
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('creatorId', 'text')
      /** Whole KES; debit positive, credit negative. */
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('availableAt', t.ts, (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('journal_line_creator')
      .on('journalLine')
      .columns(['creatorId', 'account', 'availableAt'])
      .execute();
    await db.schema.createIndex('journal_line_entry').on('journalLine').columns(['entryId']).execute();
    await db.schema.createIndex('journal_line_account').on('journalLine').columns(['account', 'createdAt']).execute();

    await db.schema
      .createTable('payoutAccount')
      .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('phone', 'text')
      .addColumn('verifiedPhone', 'text')
      .addColumn('verifiedName', 'text')
      .addColumn('verifiedAt', t.ts)
      // manual | daily | weekly
      .addColumn('schedule', 'text', (c) => c.notNull().defaultTo('manual'))
      .addColumn('lastAutoAt', t.ts)
      .addColumn('holdReason', 'text')
      .addColumn('heldBy', 'text')
      .addColumn('heldAt', t.ts)
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payout_account_schedule').on('payoutAccount').columns(['schedule']).execute();

    await db.schema
      .createTable('payout')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('creatorId', 'text', (c) => c.notNull().references('user.id').onDelete('restrict'))
      // withdrawal | scheduled | verification | retry
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`"amount" > 0`))
      .addColumn('phone', 'text', (c) => c.notNull())
      // requested | sent | paid | failed
      .addColumn('status', 'text', (c) => c.notNull())
      /** Sent as OriginatorConversationID: Daraja's idempotency key for this transfer. */
      .addColumn('originatorConversationId', 'text', (c) => c.notNull().unique())
      .addColumn('conversationId', 'text')
      .addColumn('resultCode', 'integer')
      .addColumn('resultDesc', 'text')
      /** Why it failed, in plain words for the creator. */
      .addColumn('failureReason', 'text')
      .addColumn('receipt', 'text')
      .addColumn('receiverName', 'text')
      .addColumn('retryOf', 'text')
      .addColumn('rawResult', 'text')
      .addColumn('checkedAt', t.ts)
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .addColumn('settledAt', t.ts)
      .execute();
    await db.schema
      .createIndex('payout_one_open')
      .on('payout')
      .column('creatorId')
      .unique()
      .where(sql<boolean>`"status" in ('requested', 'sent')`)
      .execute();
    await db.schema.createIndex('payout_created').on('payout').columns(['createdAt', 'id']).execute();
    await db.schema.createIndex('payout_creator').on('payout').columns(['creatorId', 'createdAt']).execute();
    await db.schema.createIndex('payout_status').on('payout').columns(['status', 'updatedAt']).execute();
  },
};
