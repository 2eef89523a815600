import { z } from 'zod';
import { toLocale } from '#common/accounts/locale.ts';
import { formatDate, formatKes } from '#common/i18n/formatting.ts';
import { partAmounts, partDueDates } from '#common/instalments/instalments.ts';
import { defineJob } from '#server/jobs/defineJob.ts';
import { toBool } from '#server/db/values.ts';
import { planProgressInTx } from '../enrollments/planProgressInTx.ts';
import { sendEmail } from '../messaging/sendEmail.ts';
import { sendSms } from '../messaging/sendSms.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';

/**
 * "Part 2 of 3 is due" (queued once per part by queueInstalmentReminders, decision 0068), in the learner's
 * language: by SMS to a proven phone and by e-mail when they have one. A part paid meanwhile, or a plan
 * refunded, gets nothing.
 */
export const sendInstalmentReminderJob = defineJob({
  type: 'instalments.reminder',
  schema: z.object({ planId: z.string().min(1), part: z.number().int().min(2) }),
  maxAttempts: 6,
  timeoutMs: 60_000,
  backoffMs: 30_000,
  async handler({ planId, part }, { services, signal }) {
    const { db } = services.database;
    const plan = await planProgressInTx(db, { planId });
    if (!plan || plan.stopped || plan.paid >= part) return;
    const who = await db
      .selectFrom('user')
      .select(['email', 'phone', 'phoneVerified', 'locale'])
      .where('id', '=', plan.userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    const course = await db.selectFrom('course').select('title').where('id', '=', plan.courseId).executeTakeFirst();
    if (!who || !course) return;
    const locale = toLocale(who.locale);
    const facts = {
      course: course.title,
      part,
      parts: plan.parts,
      amount: formatKes(partAmounts(plan.total, plan.parts)[part - 1] ?? 0, locale),
      due: formatDate(partDueDates(plan.startedAt, plan.parts)[part - 1] ?? plan.startedAt, locale),
      link: `${services.config.publicUrl}/course/${plan.courseId}`,
    };
    if (who.phone && toBool(who.phoneVerified)) {
      const sms = await sendSms(services, {
        phone: who.phone,
        purpose: 'notice',
        text: SMS_TEXTS.instalmentDueSms[locale](facts),
        signal,
      });
      if (sms.outcome !== 'accepted' && sms.outcome !== 'invalid_number' && sms.outcome !== 'blocked')
        throw new Error(`instalment reminder SMS not sent: ${sms.detail}`);
    }
    if (who.email)
      await sendEmail(services.config, services.log, {
        to: who.email,
        subject: SMS_TEXTS.instalmentDueEmailSubject[locale](facts),
        text: SMS_TEXTS.instalmentDueEmailBody[locale](facts),
      });
  },
});
