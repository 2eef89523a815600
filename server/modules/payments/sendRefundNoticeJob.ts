// Tells the payer what became of their refund, once M-Pesa's Transaction Status settled it: the money is
// back, or the reversal failed and we are on it. One durable job per channel, like the receipt.
import { formatKes } from '#common/i18n/formatting.ts';
import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';
import { notifyPayer } from './notifyPayer.ts';

export const sendRefundNoticeJob = defineJob({
  type: 'payments.sendRefundNotice',
  schema: z.object({ refundId: z.string().min(1), channel: z.enum(['sms', 'email']) }),
  maxAttempts: 6,
  timeoutMs: 60_000,
  backoffMs: 30_000,
  async handler({ refundId, channel }, ctx) {
    const { services } = ctx;
    const row = await services.database.db
      .selectFrom('refund')
      .innerJoin('payment', 'payment.id', 'refund.paymentId')
      .innerJoin('user', 'user.id', 'payment.userId')
      .innerJoin('course', 'course.id', 'payment.courseId')
      .select([
        'refund.status',
        'refund.amount',
        'payment.phone as paidFrom',
        'course.title',
        'user.email',
        'user.phone',
        'user.locale',
      ])
      .where('refund.id', '=', refundId)
      .executeTakeFirst();
    if (!row || row.status === 'requested') return;
    const done = row.status === 'done';
    await notifyPayer(services, {
      what: 'refund',
      channel,
      payer: row,
      facts: { amount: formatKes(Number(row.amount)), course: row.title },
      texts: {
        emailSubject: SMS_TEXTS.refundEmailSubject,
        email: done ? SMS_TEXTS.refundDoneEmail : SMS_TEXTS.refundFailedEmail,
        sms: done ? SMS_TEXTS.refundDone : SMS_TEXTS.refundFailed,
      },
      signal: ctx.signal,
    });
  },
});
