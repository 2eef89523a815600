import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { parseStkCallback } from '#server/daraja/callback.ts';
import type { StkQueryResult } from '#server/daraja/darajaClient.ts';
import { meaningOf } from '#server/daraja/resultCodes.ts';
import { findOvertakenRecord } from '#server/modules/payments/findOvertakenRecord.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { settlePayment } from './settlePayment.ts';

/**
 * Daraja's STK callback. It is not signed, so it is only a trigger: the URL must carry our secret, the
 * CheckoutRequestID must match a payment of ours, a success must name that payment's amount and phone,
 * and the outcome applied is the one an STK query confirms. Anything else is refused and changes nothing.
 * Duplicates are harmless (settlePayment is idempotent).
 */
export async function handleStkCallback(
  services: Services,
  { secret, body }: { secret: string; body: unknown },
): Promise<{ settled: boolean }> {
  if (!safeEqual(secret, services.config.mpesa.callbackSecret)) throw notFound();
  const cb = parseStkCallback(body);
  if (!cb) throw invalidInput('This is not an M-Pesa STK callback.');
  const payment = await findPayment(services, cb.checkoutRequestId);
  if (!payment || payment.merchantRequestId !== cb.merchantRequestId) throw notFound('Unknown CheckoutRequestID.');
  if (cb.resultCode === 0 && (cb.amount !== toNum(payment.amount) || cb.phone !== payment.phone)) {
    services.log.warn({ paymentId: payment.id }, 'M-Pesa callback with a different amount or phone refused');
    throw invalidInput('The callback does not match the payment.');
  }

  let query: StkQueryResult;
  try {
    query = await services.daraja.stkQuery(cb.checkoutRequestId);
  } catch (err) {
    services.log.warn(
      { paymentId: payment.id, err: String(err) },
      'STK query after callback failed; reconciler will retry',
    );
    return { settled: false };
  }
  if (query.state === 'pending') return { settled: false };
  const meaning = meaningOf(query.resultCode);
  const result = await settlePayment(services, {
    paymentId: payment.id,
    outcome: meaning.outcome,
    resultCode: query.resultCode,
    resultDesc: query.resultDesc,
    // The receipt number only comes with the callback: a claim until Transaction Status confirms it.
    receipt: query.resultCode === 0 && cb.resultCode === 0 ? cb.receipt : null,
    rawCallback: body,
    rawQuery: query.raw,
  });
  return { settled: !!result };
}

/** The payment a callback names (the callback may overtake our record of its CheckoutRequestID). */
function findPayment(services: Services, checkoutRequestId: string) {
  const { db } = services.database;
  return findOvertakenRecord(
    () =>
      db
        .selectFrom('payment')
        .select(['id', 'amount', 'phone', 'merchantRequestId', 'status'])
        .where('checkoutRequestId', '=', checkoutRequestId)
        .executeTakeFirst(),
    async () =>
      !!(await db.selectFrom('payment').select('id').where('status', '=', 'created').limit(1).executeTakeFirst()),
  );
}
