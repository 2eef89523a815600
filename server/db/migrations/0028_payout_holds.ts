import type { DarasaMigration } from './types.ts';

/**
 * Payouts settle only from a Transaction Status answer that agrees with them (decision 0039). A payout is
 * held (still open, its money in flight) when the answer disagrees, for an admin to settle, or before it is
 * sent while its creator is suspended, until the account is restored. `statusToken` is the secret last part
 * of the current status query's ResultURL: only the answer to a query we made is read.
 */
export const payoutHolds: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema.alterTable('payout').addColumn('holdKind', 'text').execute();
    await db.schema.alterTable('payout').addColumn('holdReason', 'text').execute();
    await db.schema.alterTable('payout').addColumn('heldAt', t.ts).execute();
    await db.schema.alterTable('payout').addColumn('statusToken', 'text').execute();
  },
};
