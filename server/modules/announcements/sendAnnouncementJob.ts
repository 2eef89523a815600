import { z } from 'zod';
import { toLocale } from '#common/accounts/locale.ts';
import { announcementSms } from '#common/announcements/announcementSchemas.ts';
import { defineJob } from '#server/jobs/defineJob.ts';
import { toBool } from '#server/db/values.ts';
import { sendEmail } from '../messaging/sendEmail.ts';
import { sendSms } from '../messaging/sendSms.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';
import { courseOwnersInTx } from './courseOwnersInTx.ts';
import { deliverNoticeOnce } from './deliverNoticeOnce.ts';

/**
 * Sends one announcement (queued by sendAnnouncement) to the course's owners who take them when it runs: an
 * e-mail to each with an address (the frame in their language, the creator's words as written), and, when
 * the creator chose SMS, a text to each with a proven phone. Each person and channel at most once, however
 * often the job is retried (deliverNoticeOnce).
 */
export const sendAnnouncementJob = defineJob({
  type: 'announcements.send',
  schema: z.object({ announcementId: z.string().min(1) }),
  maxAttempts: 6,
  timeoutMs: 300_000,
  backoffMs: 30_000,
  async handler({ announcementId }, { services, signal }) {
    const { db } = services.database;
    const row = await db
      .selectFrom('announcement')
      .innerJoin('course', 'course.id', 'announcement.courseId')
      .select([
        'announcement.body',
        'announcement.bySms',
        'course.id as courseId',
        'course.title',
        'course.creatorName as name',
      ])
      .where('announcement.id', '=', announcementId)
      .executeTakeFirst();
    if (!row) return;
    const facts = {
      name: row.name,
      course: row.title,
      text: row.body,
      link: `${services.config.publicUrl}/course/${row.courseId}`,
    };
    for (const owner of await courseOwnersInTx(db, { courseId: row.courseId })) {
      signal.throwIfAborted();
      const locale = toLocale(owner.locale);
      const email = owner.email;
      if (email)
        await deliverNoticeOnce(services, {
          noticeId: announcementId,
          userId: owner.id,
          channel: 'email',
          send: () =>
            sendEmail(services.config, services.log, {
              to: email,
              subject: SMS_TEXTS.announcementEmailSubject[locale](facts),
              text: SMS_TEXTS.announcementEmailBody[locale](facts),
            }),
        });
      if (toBool(row.bySms) && owner.phone && toBool(owner.phoneVerified)) {
        const phone = owner.phone;
        await deliverNoticeOnce(services, {
          noticeId: announcementId,
          userId: owner.id,
          channel: 'sms',
          send: () =>
            sendSms(services, { phone, purpose: 'notice', text: announcementSms(row.title, row.body), signal }),
        });
      }
    }
  },
});
