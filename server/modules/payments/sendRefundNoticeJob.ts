// Tells the payer what became of their refund, once M-Pesa's Transaction Status settled it: the money is
// back, or the reversal failed and we are on it. One durable job per channel, like the receipt.
import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { sendEmail } from '../messaging/sendEmail.ts';
import { SMS_TEXTS, type RefundFacts } from '../messaging/smsTexts.ts';
import { textPayer } from './textPayer.ts';

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
    const locale = toLocale(row.locale);
    const done = row.status === 'done';
    const facts: RefundFacts = {
      amount: `KES ${Number(row.amount).toLocaleString('en-KE')}`,
      course: row.title.length > 40 ? `${row.title.slice(0, 39)}…` : row.title,
    };
    if (channel === 'email') {
      if (!row.email) return;
      const text = done ? SMS_TEXTS.refundDoneEmail : SMS_TEXTS.refundFailedEmail;
      await sendEmail(services.config, services.log, {
        to: row.email,
        subject: SMS_TEXTS.refundEmailSubject[locale]({ ...facts, course: row.title }),
        text: text[locale]({ ...facts, course: row.title }),
      });
      return;
    }
    await textPayer(services, {
      what: 'refund',
      accountPhone: row.phone,
      paidFrom: row.paidFrom,
      text: (done ? SMS_TEXTS.refundDone : SMS_TEXTS.refundFailed)[locale](facts),
      signal: ctx.signal,
    });
  },
});
