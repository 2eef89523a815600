import type { Services } from '#server/core/services.ts';
import { postEntryInTx } from '../ledger/postEntryInTx.ts';
import { rawRecord } from '../shared/rawRecord.ts';

export interface PayoutSettlement {
  payoutId: string;
  outcome: 'paid' | 'failed';
  resultCode: number | null;
  resultDesc: string;
  /** Plain words for the creator (failures). */
  reason?: string;
  receipt?: string | null;
  receiverName?: string | null;
  raw?: unknown;
  /** An admin settles a held payout (settleHeldPayout); nothing else may. */
  resolvesHold?: boolean;
}

const RECEIPT = /^[A-Z0-9]{8,12}$/;

/**
 * The payout state machine's only way out of requested/sent: to paid or failed, exactly once, whatever
 * order and number of results, time-outs and status answers arrive in. The row is locked (PostgreSQL) or
 * writers serialised (SQLite), the status re-read inside the transaction, and the ledger entry is posted
 * with the change: paid moves the money out of "in flight" to M-Pesa; failed returns it to the balance.
 * A settled payout ignores everything later (logged when it contradicts); a held one is an admin's to
 * settle. Returns whether it changed.
 */
export async function settlePayout(services: Services, { payoutId, ...s }: PayoutSettlement): Promise<boolean> {
  const { db } = services.database;
  const now = services.clock.now();
  const changed = await db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('payout').selectAll().where('id', '=', payoutId);
    if (services.database.dialect === 'postgres') q = q.forUpdate();
    const p = await q.executeTakeFirst();
    if (!p) return false;
    if (p.status === 'paid' || p.status === 'failed') {
      if (p.status !== s.outcome)
        services.log.warn({ payoutId, was: p.status, now: s.outcome }, 'contradicting payout result ignored');
      return false;
    }
    if (p.holdKind && !s.resolvesHold) return false;
    const receipt = s.receipt && RECEIPT.test(s.receipt) ? s.receipt : null;
    const r = await trx
      .updateTable('payout')
      .set({
        status: s.outcome,
        resultCode: s.resultCode,
        resultDesc: s.resultDesc.slice(0, 500),
        failureReason: s.outcome === 'failed' ? (s.reason ?? s.resultDesc).slice(0, 500) : null,
        receipt,
        receiverName: s.receiverName?.slice(0, 200) ?? null,
        ...(s.raw === undefined ? {} : { rawResult: rawRecord(services.config, s.raw) }),
        settledAt: now,
        updatedAt: now,
      })
      .where('id', '=', p.id)
      .where('status', 'in', ['requested', 'sent'])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    const creatorId = p.creatorId;
    const amount = p.amount;
    if (p.purpose === 'verification') {
      if (s.outcome === 'paid') {
        await postEntryInTx(trx, {
          kind: 'verification',
          creatorId,
          payoutId: p.id,
          memo: 'KES 1 payout number check',
          lines: [
            { account: 'platform_fees', amount },
            { account: 'mpesa_b2c', amount: -amount },
          ],
          now,
        });
        await trx
          .updateTable('payoutAccount')
          .set({
            verifiedPhone: p.phone,
            verifiedName: s.receiverName?.replace(/^\d+\s*-\s*/, '').slice(0, 200) ?? null,
            verifiedAt: now,
            updatedAt: now,
          })
          .where('userId', '=', creatorId)
          .where('phone', '=', p.phone)
          .execute();
      }
      return true;
    }
    await postEntryInTx(
      trx,
      s.outcome === 'paid'
        ? {
            kind: 'payout_paid',
            creatorId,
            payoutId: p.id,
            lines: [
              { account: 'payouts_in_flight', creatorId, amount },
              { account: 'mpesa_b2c', creatorId, amount: -amount },
            ],
            now,
          }
        : {
            kind: 'payout_failed',
            creatorId,
            payoutId: p.id,
            memo: s.reason ?? s.resultDesc,
            lines: [
              { account: 'payouts_in_flight', creatorId, amount },
              { account: 'creator_payable', creatorId, amount: -amount },
            ],
            now,
          },
    );
    return true;
  });
  if (changed) services.log.info({ payoutId, outcome: s.outcome }, 'payout settled');
  return changed;
}
