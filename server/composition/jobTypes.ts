// Every job type this application runs, in the composition root: the queue (server/jobs/) knows job types
// only as definitions handed to it. Add a definition here to have workers run it. Work that runs on a
// schedule rather than when enqueued is a periodic task (periodicTasks.ts).
import type { JobDefinition } from '../jobs/defineJob.ts';
import { processVideoJob } from '../modules/media/processVideoJob.ts';
import { addAv1Job } from '../modules/media/addAv1Job.ts';
import { checkReceiptJob } from '../modules/payments/checkReceiptJob.ts';
import { sendReceiptJob } from '../modules/payments/sendReceiptJob.ts';
import { checkIncomingJob } from '../modules/payments/checkIncomingJob.ts';
import { checkReversalJob } from '../modules/payments/checkReversalJob.ts';
import { returnExtraJob } from '../modules/payments/returnExtraJob.ts';
import { sendRefundNoticeJob } from '../modules/payments/sendRefundNoticeJob.ts';
import { notifyQuestionJob } from '../modules/questions/notifyQuestionJob.ts';
import { sendQuestionDigestJob } from '../modules/questions/sendQuestionDigestJob.ts';
import { sendAnnouncementJob } from '../modules/announcements/sendAnnouncementJob.ts';
import { sendLessonNoticeJob } from '../modules/announcements/sendLessonNoticeJob.ts';
import { sendInstalmentReminderJob } from '../modules/instalments/sendInstalmentReminderJob.ts';
import { sendPayoutJob } from '../modules/payouts/sendPayoutJob.ts';
import { sendGiftSmsJob } from '../modules/gifts/sendGiftSmsJob.ts';

export const jobDefinitions: readonly JobDefinition[] = [
  processVideoJob,
  addAv1Job,
  sendPayoutJob,
  sendReceiptJob,
  checkReceiptJob,
  checkIncomingJob,
  returnExtraJob,
  checkReversalJob,
  sendRefundNoticeJob,
  notifyQuestionJob,
  sendQuestionDigestJob,
  sendGiftSmsJob,
  sendAnnouncementJob,
  sendLessonNoticeJob,
  sendInstalmentReminderJob,
];
