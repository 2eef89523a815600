import { sql } from 'kysely';
import type { Services } from '#server/core/services.ts';
import { addAv1Job } from './addAv1Job.ts';
import { uploadsWaitingInTx } from './uploadsWaitingInTx.ts';
import { videosWithoutAv1InTx } from './videosWithoutAv1InTx.ts';

/**
 * The AV1 backfill's periodic step (decision 0070): queues the oldest video still without AV1, one at a
 * time across the deployment, and only while no upload is waiting or being processed. Returns the video
 * queued, if any. Runs that overlap (two processes, or a run outlasting its interval) take turns: on
 * SQLite the transaction holds the write lock from its start, on PostgreSQL an advisory lock.
 */
export async function queueAv1Backfill(services: Services): Promise<string | null> {
  const { database } = services;
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${addAv1Job.type}))`.execute(trx);
    if (await uploadsWaitingInTx(trx, { now: services.clock.now() })) return null;
    const busy = await trx
      .selectFrom('job')
      .select('id')
      .where('type', '=', addAv1Job.type)
      .where('status', 'in', ['queued', 'running'])
      .limit(1)
      .executeTakeFirst();
    if (busy) return null;
    const next = await videosWithoutAv1InTx(trx)
      .select('mediaAsset.id')
      .orderBy('mediaAsset.createdAt')
      .orderBy('mediaAsset.id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return null;
    await services.jobs.enqueue(trx, addAv1Job, { assetId: next.id });
    return next.id;
  });
}
