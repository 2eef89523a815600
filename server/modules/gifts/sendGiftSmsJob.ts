// The claim SMS of a gift, sent to the recipient's phone in the gift's language once its payment is paid, and
// again when the buyer presses "Resend SMS". Each send makes a new claim token (only its hash is stored), so the
// latest SMS's link is the one that works; a retried send makes another. A gift claimed or cancelled meanwhile
// gets nothing.
import { z } from 'zod';
import { toLocale } from '#common/accounts/locale.ts';
import { defineJob, PermanentJobError } from '#server/jobs/defineJob.ts';
import { sendSms } from '../messaging/sendSms.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';
import { newGiftToken } from './giftToken.ts';

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export const sendGiftSmsJob = defineJob({
  type: 'gifts.sendClaimSms',
  schema: z.object({ giftId: z.string().min(1) }),
  maxAttempts: 6,
  timeoutMs: 60_000,
  backoffMs: 30_000,
  async handler({ giftId }, ctx) {
    const { services } = ctx;
    const { db } = services.database;
    const gift = await db
      .selectFrom('gift')
      .innerJoin('payment', 'payment.id', 'gift.paymentId')
      .innerJoin('course', 'course.id', 'gift.courseId')
      .innerJoin('user', 'user.id', 'gift.buyerId')
      .select(['gift.id', 'gift.recipientPhone', 'gift.language', 'course.title', 'user.name'])
      .where('gift.id', '=', giftId)
      .where('gift.claimedAt', 'is', null)
      .where('gift.cancelledAt', 'is', null)
      .where('payment.status', '=', 'paid')
      .executeTakeFirst();
    if (!gift) return;
    const { token, hash } = newGiftToken();
    await db
      .updateTable('gift')
      .set({ tokenHash: hash, lastSmsAt: services.clock.now() })
      .where('id', '=', gift.id)
      .where('claimedAt', 'is', null)
      .execute();
    const text = SMS_TEXTS.giftClaim[toLocale(gift.language)]({
      from: cut(gift.name.trim() || 'Darasa', 24),
      course: cut(gift.title, 32),
      link: `${services.config.publicUrl}/gift/${token}`,
    });
    const sms = await sendSms(services, {
      phone: `+${gift.recipientPhone}`,
      purpose: 'gift',
      text,
      signal: ctx.signal,
    });
    if (sms.outcome === 'invalid_number' || sms.outcome === 'blocked')
      throw new PermanentJobError(`gift SMS refused: ${sms.detail}`);
    if (sms.outcome !== 'accepted') throw new Error(`gift SMS not sent: ${sms.detail}`);
  },
});
