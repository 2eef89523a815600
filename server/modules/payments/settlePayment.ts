import type { Kysely } from 'kysely';
import type { Services } from '#server/core/services.ts';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import type { PaymentStatus } from '#server/db/schema.ts';
import { numericResultCode, type DarajaResultCode, type PaymentOutcome } from '#server/daraja/resultCodes.ts';
import { rawRecord } from '../shared/rawRecord.ts';
import { grantEnrollmentInTx } from '../enrollments/grantEnrollment.ts';
import { grantPartInTx } from '../enrollments/grantPartInTx.ts';
import { postSaleInTx } from '../ledger/postSaleInTx.ts';
import { canTransition, transitionPaymentsInTx } from './paymentStateMachine.ts';
import { paymentView, type PaymentView } from './paymentView.ts';
import { checkReceiptJob } from './checkReceiptJob.ts';
import { RECEIPT_WAIT_MS, receiptJobs, sendReceiptJob } from './sendReceiptJob.ts';
import { recordIncomingInTx } from './recordIncomingInTx.ts';
import { checkIncomingJob } from './checkIncomingJob.ts';
import { sendGiftSmsJob } from '../gifts/sendGiftSmsJob.ts';

export interface Settlement {
  paymentId: string;
  outcome: PaymentOutcome;
  /** Daraja's ResultCode; null when we gave up waiting. A textual code is stored as null, its words kept. */
  resultCode: DarajaResultCode | null;
  resultDesc: string;
  /** A receipt number a callback named: kept as a claim until Transaction Status confirms it. */
  receipt?: string | null;
  rawCallback?: unknown;
  rawQuery?: unknown;
}

const RECEIPT = /^[A-Z0-9]{8,12}$/;

/**
 * Moves a payment to its final state in one transaction, forward only (see paymentStateMachine.ts), and on
 * payment grants the enrollment in the same transaction. Safe to call any number of times, concurrently:
 * the row is locked (PostgreSQL) or the database serialises writers (SQLite), the status is re-read inside
 * the transaction, and a repeated "paid" changes nothing but a missing receipt claim. A paid payment's
 * receipt is confirmed afterwards through Transaction Status (checkReceiptJob); until then it has none.
 */
export async function settlePayment(
  services: Services,
  { paymentId, ...s }: Settlement,
): Promise<{ payment: PaymentView; changed: boolean; enrolled: boolean; claimedReceipt: string | null } | null> {
  const { db } = services.database;
  const now = services.clock.now();
  const receipt = s.receipt && RECEIPT.test(s.receipt) ? s.receipt : null;
  const resultCode = s.resultCode === null ? null : numericResultCode(s.resultCode);
  const result = await db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('payment').selectAll().where('id', '=', paymentId);
    if (services.database.dialect === 'postgres') q = q.forUpdate();
    const p = await q.executeTakeFirst();
    if (!p) return null;
    const to: PaymentStatus = s.outcome;
    const raw = {
      ...(s.rawCallback === undefined ? {} : { rawCallback: rawRecord(services.config, s.rawCallback) }),
      ...(s.rawQuery === undefined ? {} : { rawQuery: rawRecord(services.config, s.rawQuery) }),
    };
    if (!canTransition(p.status, to)) {
      // Already settled. A duplicate success may still bring the receipt number an STK query could not:
      // asked about again, by that number.
      if (p.status === 'paid' && to === 'paid' && receipt && !p.claimedReceipt && !p.mpesaReceipt) {
        const check = { claimedReceipt: receipt, receiptCheck: 'pending' as const, updatedAt: now };
        await trx
          .updateTable('payment')
          .set({ ...check, ...raw })
          .where('id', '=', p.id)
          .execute();
        await services.jobs.enqueue(trx, checkReceiptJob, { paymentId: p.id });
        return { row: { ...p, ...check }, changed: false, enrolled: false };
      }
      // Another receipt for a payment already paid (its prompt answered after a Paybill payment settled
      // it): a second payment, checked with M-Pesa and returned (handleIncomingResult).
      if (p.status === 'paid' && to === 'paid' && receipt && receipt !== p.claimedReceipt && receipt !== p.mpesaReceipt)
        await recordSecondPayment(services, trx, { ...p, receipt, now });
      // We gave up waiting; M-Pesa's later answer (not a success) is still worth recording.
      if (p.status === 'expired' && p.resultCode == null && s.resultCode != null) {
        const answer = { resultCode, resultDesc: s.resultDesc.slice(0, 500), updatedAt: now, ...raw };
        await trx.updateTable('payment').set(answer).where('id', '=', p.id).execute();
        return { row: { ...p, ...answer }, changed: false, enrolled: false };
      }
      return { row: p, changed: false, enrolled: false };
    }
    const late = to === 'paid' && p.status === 'expired';
    const changes = {
      resultCode,
      resultDesc: s.resultDesc.slice(0, 500),
      updatedAt: now,
      ...(to === 'paid'
        ? { paidAt: now, claimedReceipt: receipt, receiptCheck: 'pending' as const, lateSuccess: late }
        : {}),
      ...raw,
    };
    await transitionPaymentsInTx(trx, { from: p.status, to, changes }).where('id', '=', p.id).execute();
    // A gift's course goes to nobody yet: whoever claims it (claimGift) is enrolled then. Its sale is the same.
    const gift =
      to === 'paid'
        ? await trx.selectFrom('gift').select('id').where('paymentId', '=', p.id).executeTakeFirst()
        : undefined;
    const enrolled =
      to === 'paid' &&
      !gift &&
      (p.bundleId
        ? await grantBundleInTx(trx, { paymentId: p.id, userId: p.userId, at: now })
        : p.instalmentPlanId && p.instalmentPart
          ? await grantPartInTx(trx, {
              ...p,
              paymentId: p.id,
              planId: p.instalmentPlanId,
              part: p.instalmentPart,
              at: now,
            })
          : await grantEnrollmentInTx(trx, { userId: p.userId, courseId: p.courseId, paymentId: p.id, at: now }));
    const sold = enrolled || !!gift;
    if (sold) {
      // The sale and its fee split enter the ledger with the payment, or not at all: one sale for a bundle too.
      await postSaleInTx(trx, {
        paymentId: p.id,
        courseId: p.courseId,
        amount: p.amount,
        feePercent: services.config.PLATFORM_FEE_PERCENT,
        holdDays: services.config.PAYOUT_HOLD_DAYS,
        now,
      });
      // In the same transaction: a settled payment always gets its receipt, and a failing SMS only retries.
      for (const job of receiptJobs(p.id))
        await services.jobs.enqueue(trx, sendReceiptJob, job, { delayMs: RECEIPT_WAIT_MS });
      // The recipient's claim SMS, with the payment or not at all.
      if (gift) await services.jobs.enqueue(trx, sendGiftSmsJob, { giftId: gift.id });
    }
    if (to === 'paid') await services.jobs.enqueue(trx, checkReceiptJob, { paymentId: p.id });
    if (to === 'paid' && !sold) {
      // Paid for a course the learner already owns (two prompts answered): no sale, the money goes back.
      await recordSecondPayment(services, trx, { ...p, receipt, now });
      services.log.warn({ paymentId: p.id }, 'payment completed for a course the learner already owns: returning it');
    }
    return { row: { ...p, ...changes, status: to }, changed: true, enrolled };
  });
  if (!result) return null;
  if (result.enrolled) services.catalogChanged();
  if (result.changed && result.row.lateSuccess) services.log.warn({ paymentId }, 'late M-Pesa success after expiry');
  return {
    payment: paymentView(result.row, services.config.mpesa.shortcode),
    changed: result.changed,
    enrolled: result.enrolled,
    claimedReceipt: result.row.claimedReceipt,
  };
}

/**
 * A bundle payment's courses (fixed when it started), each granted unless owned meanwhile; the enrollments
 * name the payment in `bundlePaymentId`, so its refund revokes exactly these. Sold when one was granted.
 */
async function grantBundleInTx(
  trx: Kysely<DB>,
  { paymentId, userId, at }: { paymentId: string; userId: string; at: Date },
): Promise<boolean> {
  const courses = await trx.selectFrom('paymentCourse').select('courseId').where('paymentId', '=', paymentId).execute();
  let granted = false;
  for (const { courseId } of courses)
    if (await grantEnrollmentInTx(trx, { userId, courseId, paymentId: null, bundlePaymentId: paymentId, at }))
      granted = true;
  return granted;
}

/** A second STK payment, recorded to be checked with M-Pesa (checkIncomingJob), then returned. */
async function recordSecondPayment(
  services: Services,
  trx: Kysely<DB>,
  p: { id: string; amount: number; phone: string; checkoutRequestId: string | null; receipt: string | null; now: Date },
): Promise<void> {
  const id = await recordIncomingInTx(trx, {
    source: 'stk',
    transId: p.receipt,
    checkoutRequestId: p.checkoutRequestId,
    paymentId: p.id,
    amount: toNum(p.amount),
    phone: p.phone,
    state: 'checking',
    now: p.now,
  });
  if (id) await services.jobs.enqueue(trx, checkIncomingJob, { incomingId: id });
}
