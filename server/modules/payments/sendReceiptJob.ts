// The purchase receipt, sent after settlement by a durable job (one per channel): a failed SMS is retried
// with backoff and never holds up the payment, which is already settled when the job runs. It is queued to
// run RECEIPT_WAIT_MS after settlement; M-Pesa's answer about the receipt number usually comes within
// seconds and runs it at once (handleReceiptResult), so the receipt quotes the confirmed number.
import { formatKes } from '#common/i18n/formatting.ts';
import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';
import { notifyPayer } from './notifyPayer.ts';

/** How long a receipt waits for M-Pesa to confirm its receipt number before it goes with the payment's id. */
export const RECEIPT_WAIT_MS = 60_000;

/** The receipt jobs of a payment, one per channel. */
export const receiptJobs = (paymentId: string) =>
  (['sms', 'email'] as const).map((channel) => ({ paymentId, channel }));

export const sendReceiptJob = defineJob({
  type: 'payments.sendReceipt',
  schema: z.object({ paymentId: z.string().min(1), channel: z.enum(['sms', 'email']) }),
  maxAttempts: 6,
  timeoutMs: 60_000,
  backoffMs: 30_000,
  async handler({ paymentId, channel }, ctx) {
    const { services } = ctx;
    const row = await services.database.db
      .selectFrom('payment')
      .innerJoin('user', 'user.id', 'payment.userId')
      .innerJoin('course', 'course.id', 'payment.courseId')
      .leftJoin('gift', 'gift.paymentId', 'payment.id')
      .leftJoin('bundle', 'bundle.id', 'payment.bundleId')
      .select((eb) => [
        'gift.id as giftId',
        'payment.amount',
        'payment.mpesaReceipt',
        'payment.receiptCheck',
        'payment.phone as paidFrom',
        'payment.courseId',
        // A bundle purchase is named by its bundle, and its link is the bundle's page (decision 0063).
        eb.fn.coalesce('bundle.title', 'course.title').as('title'),
        'payment.bundleId',
        'user.email',
        'user.phone',
        'user.locale',
        'user.name',
      ])
      .where('payment.id', '=', paymentId)
      .where('payment.status', '=', 'paid')
      .executeTakeFirst();
    if (!row) return; // not paid (or gone): nothing to confirm
    // The M-Pesa receipt number is quoted only once Transaction Status confirmed it (mpesaReceipt is set
    // only then); a check still pending after RECEIPT_WAIT_MS sends the payment's own reference instead.
    await notifyPayer(services, {
      what: 'receipt',
      channel,
      payer: row,
      facts: {
        amount: formatKes(row.amount),
        course: row.title,
        ref: row.mpesaReceipt ?? paymentId,
        // A gift's buyer does not own the course: their link is the purchases page, where gifts show claimed or not.
        link: row.giftId
          ? `${services.config.publicUrl}/customer/purchases#gifts`
          : row.bundleId
            ? `${services.config.publicUrl}/bundle/${row.bundleId}`
            : `${services.config.publicUrl}/learn/${row.courseId}/1`,
      },
      texts: {
        emailSubject: SMS_TEXTS.receiptEmailSubject,
        email: row.giftId ? SMS_TEXTS.giftReceiptEmailBody : SMS_TEXTS.receiptEmailBody,
        sms: row.giftId ? SMS_TEXTS.giftReceipt : SMS_TEXTS.receipt,
      },
      signal: ctx.signal,
    });
  },
});
