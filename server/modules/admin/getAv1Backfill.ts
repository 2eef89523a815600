import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { addAv1Job } from '../media/addAv1Job.ts';
import { videosWithoutAv1InTx } from '../media/videosWithoutAv1InTx.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

export interface Av1BackfillStatus {
  /** Off when AV1_BACKFILL_INTERVAL_S is 0. */
  on: boolean;
  /** Videos made before AV1 still without it (the one being made included), failed ones aside. */
  left: number;
  /** The video being made, or queued and waiting for uploads to finish. */
  current: { title: string | null; course: string | null; progress: number; running: boolean } | null;
  /** Videos whose backfill job failed: each is in the failed jobs list, with its retry. */
  failed: number;
}

/** The AV1 backfill as the admin's jobs page shows it (decision 0070). */
export async function getAv1Backfill(services: Services, actor: Actor): Promise<Av1BackfillStatus> {
  requireAdmin(actor);
  const { db } = services.database;
  const [left, jobs] = await Promise.all([
    videosWithoutAv1InTx(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('job')
      .select(['status', 'payload', 'progress'])
      .where('type', '=', addAv1Job.type)
      .where('status', 'in', ['queued', 'running', 'failed'])
      .orderBy('updatedAt', 'desc')
      .execute(),
  ]);
  const active = jobs.find((j) => j.status !== 'failed');
  let current: Av1BackfillStatus['current'] = null;
  if (active) {
    const { assetId } = JSON.parse(active.payload) as { assetId: string };
    const lesson = await db
      .selectFrom('episode')
      .innerJoin('course', 'course.id', 'episode.courseId')
      .select(['episode.title', 'course.title as course'])
      .where('episode.videoId', '=', assetId)
      .orderBy('episode.id')
      .limit(1)
      .executeTakeFirst();
    current = {
      title: lesson?.title ?? null,
      course: lesson?.course ?? null,
      progress: toNum(active.progress),
      running: active.status === 'running',
    };
  }
  return {
    on: services.config.AV1_BACKFILL_INTERVAL_S > 0,
    left: toNum(left.n),
    current,
    failed: jobs.filter((j) => j.status === 'failed').length,
  };
}
