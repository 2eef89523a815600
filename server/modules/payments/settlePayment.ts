import type { AppServices } from '../../http/appContext.ts';
import type { PaymentStatus } from '../../db/schema.ts';
import type { PaymentOutcome } from '../../daraja/resultCodes.ts';
import { grantEnrollment } from '../enrollments/grantEnrollment.ts';
import { canTransition } from './paymentStateMachine.ts';
import { paymentView, type PaymentView } from './paymentView.ts';

export interface Settlement {
  outcome: PaymentOutcome;
  /** Daraja's ResultCode; null when we gave up waiting. */
  resultCode: number | null;
  resultDesc: string;
  receipt?: string | null;
  rawCallback?: unknown;
  rawQuery?: unknown;
}

const RECEIPT = /^[A-Z0-9]{8,12}$/;

/**
 * Moves a payment to its final state in one transaction, forward only (see paymentStateMachine.ts), and on
 * payment grants the enrollment in the same transaction. Safe to call any number of times, concurrently:
 * the row is locked (PostgreSQL) or the database serialises writers (SQLite), the status is re-read inside
 * the transaction, and a repeated "paid" changes nothing but a missing receipt number.
 */
export async function settlePayment(
  services: AppServices,
  paymentId: string,
  s: Settlement,
  now: Date = new Date(),
): Promise<{ payment: PaymentView; changed: boolean; enrolled: boolean } | null> {
  const { db } = services.database;
  const receipt = s.receipt && RECEIPT.test(s.receipt) ? s.receipt : null;
  const result = await db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('payment').selectAll().where('id', '=', paymentId);
    if (services.database.dialect === 'postgres') q = q.forUpdate();
    const p = await q.executeTakeFirst();
    if (!p) return null;
    const to: PaymentStatus = s.outcome;
    const raw = {
      ...(s.rawCallback === undefined ? {} : { rawCallback: JSON.stringify(s.rawCallback) }),
      ...(s.rawQuery === undefined ? {} : { rawQuery: JSON.stringify(s.rawQuery) }),
    };
    if (!canTransition(p.status, to)) {
      // Already settled. A duplicate success may still bring the receipt number an STK query could not.
      if (p.status === 'paid' && to === 'paid' && receipt && !p.mpesaReceipt) {
        await trx.updateTable('payment').set({ mpesaReceipt: receipt, updatedAt: now, ...raw }).where('id', '=', p.id).execute();
        return { row: { ...p, mpesaReceipt: receipt }, changed: false, enrolled: false };
      }
      // We gave up waiting; M-Pesa's later answer (not a success) is still worth recording.
      if (p.status === 'expired' && p.resultCode == null && s.resultCode != null) {
        const answer = { resultCode: s.resultCode, resultDesc: s.resultDesc.slice(0, 500), updatedAt: now, ...raw };
        await trx.updateTable('payment').set(answer).where('id', '=', p.id).execute();
        return { row: { ...p, ...answer }, changed: false, enrolled: false };
      }
      return { row: p, changed: false, enrolled: false };
    }
    const late = to === 'paid' && p.status === 'expired';
    const changes = {
      status: to,
      resultCode: s.resultCode,
      resultDesc: s.resultDesc.slice(0, 500),
      updatedAt: now,
      ...(to === 'paid' ? { paidAt: now, mpesaReceipt: receipt ?? p.mpesaReceipt, lateSuccess: late } : {}),
      ...raw,
    };
    await trx.updateTable('payment').set(changes).where('id', '=', p.id).where('status', '=', p.status).execute();
    const enrolled =
      to === 'paid' && (await grantEnrollment(trx, { userId: p.userId, courseId: p.courseId, paymentId: p.id }, now));
    if (to === 'paid' && !enrolled) {
      // Paid for a course already owned (two prompts answered): keep the money visible for a refund.
      services.log.warn({ paymentId: p.id }, 'payment completed for a course the learner already owns');
    }
    return { row: { ...p, ...changes }, changed: true, enrolled };
  });
  if (!result) return null;
  if (result.enrolled) services.catalogChanged();
  if (result.changed && result.row.lateSuccess) services.log.warn({ paymentId }, 'late M-Pesa success after expiry');
  return { payment: paymentView(result.row), changed: result.changed, enrolled: result.enrolled };
}

