import { z } from 'zod';
import { toLocale } from '#common/accounts/locale.ts';
import { defineJob } from '#server/jobs/defineJob.ts';
import { toBool } from '#server/db/values.ts';
import { sendEmail } from '../messaging/sendEmail.ts';
import { sendSms } from '../messaging/sendSms.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';
import { courseOwnersInTx } from './courseOwnersInTx.ts';
import { deliverNoticeOnce } from './deliverNoticeOnce.ts';

/**
 * "N new lessons in <course>" (queued by queueLessonNotices) to each owner who takes notices, in their
 * language: by e-mail, or by SMS to owners with a proven phone and no e-mail. Once per person however often
 * the job is retried.
 */
export const sendLessonNoticeJob = defineJob({
  type: 'announcements.lessonNotice',
  schema: z.object({ noticeId: z.string().min(1), courseId: z.string().min(1), lessons: z.number().int().min(1) }),
  maxAttempts: 6,
  timeoutMs: 300_000,
  backoffMs: 30_000,
  async handler({ noticeId, courseId, lessons }, { services, signal }) {
    const { db } = services.database;
    const course = await db
      .selectFrom('course')
      .select(['id', 'title', 'published'])
      .where('id', '=', courseId)
      .executeTakeFirst();
    if (!course || !toBool(course.published)) return;
    const facts = { course: course.title, lessons, link: `${services.config.publicUrl}/course/${course.id}` };
    for (const owner of await courseOwnersInTx(db, { courseId })) {
      signal.throwIfAborted();
      const locale = toLocale(owner.locale);
      const { email, phone } = owner;
      if (email)
        await deliverNoticeOnce(services, {
          noticeId,
          userId: owner.id,
          channel: 'email',
          send: () =>
            sendEmail(services.config, services.log, {
              to: email,
              subject: SMS_TEXTS.newLessonsEmailSubject[locale](facts),
              text: SMS_TEXTS.newLessonsEmailBody[locale](facts),
            }),
        });
      else if (phone && toBool(owner.phoneVerified))
        await deliverNoticeOnce(services, {
          noticeId,
          userId: owner.id,
          channel: 'sms',
          send: () =>
            sendSms(services, { phone, purpose: 'notice', text: SMS_TEXTS.newLessonsSms[locale](facts), signal }),
        });
    }
  },
});
