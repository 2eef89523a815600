import type { Services } from '#server/core/services.ts';
import { DomainError, conflict } from '#server/core/errors.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import type { PayoutPurpose } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { MIN_PAYOUT_KES } from '#common/payouts/payoutRules.ts';
import { creatorBalancesInTx } from '../ledger/creatorBalancesInTx.ts';
import { postEntryInTx } from '../ledger/postEntryInTx.ts';
import { isSuspendedInTx } from './isSuspendedInTx.ts';
import { sendPayoutJob } from './sendPayoutJob.ts';

export interface NewPayout {
  creatorId: string;
  purpose: PayoutPurpose;
  /** KES; null: everything available. Verification transfers are always KES 1. */
  amount: number | null;
  retryOf?: string;
}

const ONE_OPEN = 'A payout is already on its way to your M-Pesa. Wait for it to finish.';
const SUSPENDED = 'Payouts are on hold while this account is suspended.';

/**
 * Opens a payout and takes its amount out of the available balance in one transaction: the payout row
 * (requested), its ledger entry and the job that sends it stand or fall together. Two requests at once
 * cannot both pass: the creator's payout account row is locked (PostgreSQL; SQLite serialises writers),
 * and at most one payout per creator may be open (a unique index, the last word on either database).
 * A suspended creator is paid nothing, by hand or by schedule, until restored.
 */
export async function createPayout(
  services: Services,
  { creatorId, purpose, amount: requested, retryOf }: NewPayout,
): Promise<string> {
  const { db } = services.database;
  const now = services.clock.now();
  const payoutId = newId();
  try {
    await db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('payoutAccount').selectAll().where('userId', '=', creatorId);
      if (services.database.dialect === 'postgres') q = q.forUpdate();
      const account = await q.executeTakeFirst();
      const verification = purpose === 'verification';
      const phone = verification ? account?.phone : account?.verifiedPhone;
      if (!account || !phone) throw conflict('Add and verify your M-Pesa payout number first.');
      if (account.holdReason && !verification)
        throw conflict(`Payouts are on hold: ${account.holdReason} Contact Darasa support.`);
      if (await isSuspendedInTx(trx, { creatorId })) throw conflict(SUSPENDED);
      const open = await trx
        .selectFrom('payout')
        .select('id')
        .where('creatorId', '=', creatorId)
        .where('status', 'in', ['requested', 'sent'])
        .executeTakeFirst();
      if (open) throw conflict(ONE_OPEN);
      let amount = 1;
      if (!verification) {
        const { available } = await creatorBalancesInTx(trx, { creatorId, now });
        amount = requested ?? available;
        if (amount < MIN_PAYOUT_KES)
          throw conflict(
            `The smallest payout is KES ${MIN_PAYOUT_KES}; you have KES ${Math.max(0, available)} available.`,
          );
        if (amount > available) throw conflict(`You can withdraw at most KES ${Math.max(0, available)} now.`);
      }
      await trx
        .insertInto('payout')
        .values({
          id: payoutId,
          creatorId,
          purpose,
          amount,
          phone,
          status: 'requested',
          originatorConversationId: payoutId,
          conversationId: null,
          resultCode: null,
          resultDesc: null,
          failureReason: null,
          receipt: null,
          receiverName: null,
          retryOf: retryOf ?? null,
          rawResult: null,
          checkedAt: null,
          holdKind: null,
          holdReason: null,
          heldAt: null,
          statusToken: null,
          createdAt: now,
          updatedAt: now,
          settledAt: null,
        })
        .execute();
      // The KES 1 verification transfer is Darasa's cost, posted when paid; a payout leaves the balance now.
      if (!verification) {
        await postEntryInTx(trx, {
          kind: 'payout',
          creatorId,
          payoutId,
          lines: [
            { account: 'creator_payable', creatorId, amount },
            { account: 'payouts_in_flight', creatorId, amount: -amount },
          ],
          now,
        });
      }
      await services.jobs.enqueue(trx, sendPayoutJob, { payoutId });
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    if (isUniqueViolation(err)) throw conflict(ONE_OPEN);
    throw err;
  }
  return payoutId;
}
