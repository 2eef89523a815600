import type { Services } from '#server/core/services.ts';
import { meaningOf, numericResultCode } from '#server/daraja/resultCodes.ts';
import { transitionPaymentsInTx } from './paymentStateMachine.ts';
import { resumeReceiptChecks } from './resumeReceiptChecks.ts';
import { resumeMoneyChecks } from './resumeMoneyChecks.ts';
import { settlePayment } from './settlePayment.ts';

const BATCH = 50;
/** How long, and how often, a payment we gave up on is asked about again. */
const LATE_WINDOW_MS = 60 * 60_000;
const LATE_RECHECK_MS = 5 * 60_000;

/**
 * Settles payments whose callback did not come (lost, or the server was down when it was sent): each
 * pending payment old enough is asked about with an STK query and settled from the answer; one still
 * unanswered after its expiry is expired (a success reported later still grants access, by callback or
 * by the re-asking below). Payments that never got as far as an STK push (the process died in between)
 * are expired too. A Paybill-only purchase has no prompt to ask about: it is expired when its time is up,
 * and like an expired prompt's it stays payable by Paybill. Receipt checks left unanswered are asked again
 * (resumeReceiptChecks.ts), and so are checks of incoming money and reversals (resumeMoneyChecks.ts).
 */
export async function reconcilePayments(
  services: Services,
): Promise<{ checked: number; settled: number; expired: number }> {
  const { db } = services.database;
  const now = services.clock.now();
  const askBefore = new Date(now.getTime() - services.config.PAYMENT_QUERY_AFTER_S * 1000);
  const due = await db
    .selectFrom('payment')
    .select(['id', 'checkoutRequestId', 'expiresAt'])
    .where('status', '=', 'pending')
    .where('createdAt', '<=', askBefore)
    .where((eb) => eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<=', askBefore)]))
    .orderBy('createdAt')
    .limit(BATCH)
    .execute();

  let settled = 0;
  let expired = 0;
  for (const p of due) {
    // A Paybill-only purchase sent no prompt: nothing to ask M-Pesa about; it expires like the others.
    const answer = !p.checkoutRequestId
      ? null
      : await services.daraja.stkQuery(p.checkoutRequestId).catch((err: unknown) => {
          services.log.warn({ paymentId: p.id, err: String(err) }, 'STK query failed');
          return null;
        });
    if (answer?.state === 'done') {
      const r = await settlePayment(services, {
        paymentId: p.id,
        outcome: meaningOf(answer.resultCode).outcome,
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
        rawQuery: answer.raw,
      });
      if (r?.changed) settled++;
    } else if (now >= new Date(p.expiresAt)) {
      const r = await settlePayment(services, {
        paymentId: p.id,
        outcome: 'expired',
        resultCode: null,
        resultDesc: 'M-Pesa did not confirm the payment in time.',
        ...(answer ? { rawQuery: answer.raw } : {}),
      });
      if (r?.changed) expired++;
      await db.updateTable('payment').set({ checkedAt: now }).where('id', '=', p.id).execute();
    } else {
      await db.updateTable('payment').set({ checkedAt: now }).where('id', '=', p.id).execute();
    }
  }

  const stale = await transitionPaymentsInTx(db, {
    from: 'created',
    to: 'expired',
    changes: { resultDesc: 'The payment prompt could not be sent.', updatedAt: now },
  })
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  expired += Number(stale.numUpdatedRows);
  settled += await recheckGivenUp(services, now);
  await resumeReceiptChecks(services);
  await resumeMoneyChecks(services);
  return { checked: due.length, settled, expired };
}

/**
 * Payments we stopped waiting for (expired without an answer from M-Pesa) are asked about again now and
 * then for a while: the customer may have paid late and the callback may be lost. A success grants access
 * (flagged lateSuccess); any other answer is recorded and ends the asking.
 */
async function recheckGivenUp(services: Services, now: Date): Promise<number> {
  const { db } = services.database;
  const rows = await db
    .selectFrom('payment')
    .select(['id', 'checkoutRequestId'])
    .where('status', '=', 'expired')
    .where('resultCode', 'is', null)
    .where('checkoutRequestId', 'is not', null)
    // On createdAt (= expiresAt − PAYMENT_TIMEOUT_S) so the (status, createdAt) index bounds the scan.
    .where('createdAt', '>=', new Date(now.getTime() - LATE_WINDOW_MS - services.config.PAYMENT_TIMEOUT_S * 1000))
    .where((eb) =>
      eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<=', new Date(now.getTime() - LATE_RECHECK_MS))]),
    )
    .orderBy('createdAt')
    .limit(BATCH)
    .execute();
  let settled = 0;
  for (const p of rows) {
    const answer = await services.daraja.stkQuery(p.checkoutRequestId!).catch(() => null);
    if (answer?.state === 'done' && answer.resultCode === 0) {
      const r = await settlePayment(services, {
        paymentId: p.id,
        outcome: 'paid',
        resultCode: 0,
        resultDesc: answer.resultDesc,
        rawQuery: answer.raw,
      });
      if (r?.changed) settled++;
      continue;
    }
    const final =
      answer?.state === 'done'
        ? { resultCode: numericResultCode(answer.resultCode), resultDesc: answer.resultDesc.slice(0, 500) }
        : {};
    await db
      .updateTable('payment')
      .set({ ...final, checkedAt: now })
      .where('id', '=', p.id)
      .where('status', '=', 'expired')
      .execute();
  }
  return settled;
}
