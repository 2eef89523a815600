// Every periodic task this application runs, beside the job types (jobTypes.ts): what runs, how often and
// where (definePeriodicTask.ts has the scopes). startServer and startWorker hand this list to the periodic
// runner (server/jobs/periodicRunner.ts); the admin's jobs page shows each task's last and next run.
// Add a definition here to have it run; nothing else in the code keeps a timer for periodic work.
import type { Config } from '../config/config.ts';
import { definePeriodicTask, type PeriodicScope, type PeriodicTask } from '../jobs/definePeriodicTask.ts';
import { sweepAbandonedUploads } from '../http/sweepAbandonedUploads.ts';
import { reconcilePayments } from '../modules/payments/reconcilePayments.ts';
import { reconcilePayouts } from '../modules/payouts/reconcilePayouts.ts';
import { releasePayouts } from '../modules/payouts/releasePayouts.ts';
import { runScheduledPayouts } from '../modules/payouts/runScheduledPayouts.ts';
import { storeHeldOriginals } from '../modules/media/heldOriginals.ts';
import { queueAv1Backfill } from '../modules/media/queueAv1Backfill.ts';
import { queueLessonNotices } from '../modules/announcements/queueLessonNotices.ts';
import { queueQuestionDigests } from '../modules/questions/queueQuestionDigests.ts';
import { queueInstalmentReminders } from '../modules/instalments/queueInstalmentReminders.ts';

const MINUTE = 60_000;

export const periodicTasks: readonly PeriodicTask[] = [
  definePeriodicTask({
    // Payments whose callback never came: STK queries, expiries, unanswered receipt checks.
    name: 'payments.reconcile',
    scope: 'deployment',
    intervalMs: (config) => config.PAYMENT_RECONCILE_INTERVAL_MS,
    handler: async (services) => {
      await reconcilePayments(services);
    },
  }),
  definePeriodicTask({
    // The payout scheduler: due daily/weekly payouts, payouts held while their creator was suspended sent
    // again once restored, then status queries for payouts without a settled answer.
    name: 'payouts.tick',
    scope: 'deployment',
    intervalMs: (config) => config.PAYOUT_TICK_S * 1000,
    handler: async (services) => {
      await runScheduledPayouts(services);
      await releasePayouts(services);
      await reconcilePayouts(services);
    },
  }),
  definePeriodicTask({
    name: 'uploads.sweepAbandoned',
    scope: 'deployment',
    intervalMs: () => 60 * MINUTE,
    handler: sweepAbandonedUploads,
  }),
  definePeriodicTask({
    // Originals held on this machine's disk while the media storage was unreachable.
    name: 'uploads.storeHeldOriginals',
    scope: 'machine',
    intervalMs: () => MINUTE,
    handler: async (services) => {
      const stored = await storeHeldOriginals(services);
      if (stored) services.log.info({ stored }, 'held originals stored');
    },
  }),
  definePeriodicTask({
    // Videos processed before AV1 existed get it, one at a time, while no upload waits (decision 0070).
    name: 'media.av1Backfill',
    scope: 'deployment',
    intervalMs: (config) => config.AV1_BACKFILL_INTERVAL_S * 1000,
    handler: async (services) => {
      const assetId = await queueAv1Backfill(services);
      if (assetId) services.log.info({ assetId }, 'AV1 backfill queued a video');
    },
  }),
  definePeriodicTask({
    // Creators who asked for it get a daily SMS of the questions waiting for their answer.
    name: 'questions.smsDigest',
    scope: 'deployment',
    intervalMs: (config) => config.QUESTION_DIGEST_CHECK_S * 1000,
    handler: async (services) => {
      const queued = await queueQuestionDigests(services);
      if (queued) services.log.info({ queued }, 'question digests queued');
    },
  }),
  definePeriodicTask({
    // Owners of a course are told of its new lessons: one notice per course at most once a day.
    name: 'announcements.newLessons',
    scope: 'deployment',
    intervalMs: (config) => config.LESSON_NOTICE_CHECK_S * 1000,
    handler: async (services) => {
      const queued = await queueLessonNotices(services);
      if (queued) services.log.info({ queued }, 'new-lesson notices queued');
    },
  }),
  definePeriodicTask({
    // Learners paying in instalments are reminded once of each part, a few days before it is due.
    name: 'instalments.remind',
    scope: 'deployment',
    intervalMs: (config) => config.INSTALMENT_REMINDER_CHECK_S * 1000,
    handler: async (services) => {
      const queued = await queueInstalmentReminders(services);
      if (queued) services.log.info({ queued }, 'instalment reminders queued');
    },
  }),
  definePeriodicTask({
    // Viewing events wait in each process's memory (viewEventBuffer.ts) until written in one batch.
    name: 'analytics.flushViewEvents',
    scope: 'process',
    intervalMs: (config) => config.VIEW_EVENTS_FLUSH_MS,
    handler: (services) => services.viewEvents.flush(),
  }),
];

/**
 * A web process runs its own tasks and its machine's (it takes the uploads), and the deployment's when
 * its job worker runs; `npm run worker` runs the deployment's.
 */
export function webProcessScopes(config: Config): PeriodicScope[] {
  return ['process', 'machine', ...(config.JOB_CONCURRENCY > 0 ? (['deployment'] as const) : [])];
}
export const WORKER_SCOPES: readonly PeriodicScope[] = ['deployment'];
