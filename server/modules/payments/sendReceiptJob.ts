// The purchase receipt, sent after settlement by a durable job (one per channel): a failed SMS is retried
// with backoff and never holds up the payment, which is already settled when the job runs.
import { formatKes } from '#common/i18n/formatting.ts';
import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';
import { notifyPayer } from './notifyPayer.ts';

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
      .select([
        'payment.amount',
        'payment.mpesaReceipt',
        'payment.receiptCheck',
        'payment.phone as paidFrom',
        'payment.courseId',
        'course.title',
        'user.email',
        'user.phone',
        'user.locale',
        'user.name',
      ])
      .where('payment.id', '=', paymentId)
      .where('payment.status', '=', 'paid')
      .executeTakeFirst();
    if (!row) return; // not paid (or gone): nothing to confirm
    // The M-Pesa receipt number is quoted only once Transaction Status confirmed it, which takes seconds:
    // the first run waits for it (one backoff); later runs send with the payment's own reference instead.
    if (row.receiptCheck === 'pending' && ctx.attempt === 1) throw new Error('waiting for the receipt number check');
    await notifyPayer(services, {
      what: 'receipt',
      channel,
      payer: row,
      facts: {
        amount: formatKes(row.amount),
        course: row.title,
        ref: row.mpesaReceipt ?? paymentId,
        link: `${services.config.publicUrl}/learn/${row.courseId}/1`,
      },
      texts: {
        emailSubject: SMS_TEXTS.receiptEmailSubject,
        email: SMS_TEXTS.receiptEmailBody,
        sms: SMS_TEXTS.receipt,
      },
      signal: ctx.signal,
    });
  },
});
