// The AV1 backfill's job (decision 0070): a video processed before the AV1 family existed gets it, made
// from its original at the lowest CPU priority, beside its H.264 ladder. Nothing half-made is ever served:
// the renditions are made in a scratch folder, published as folders no master lists yet, then a receipt of
// what was measured, then the master with both families (one atomic replacement: a rename on disk, one PUT
// in a bucket), and only then the asset's record. A run killed before the master leaves the old master
// and is simply run again; one killed after it finds the receipt and records it. Uploads go first: the job
// does not start while one is waiting or being processed, and gives way when one arrives mid-encode.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { DB } from '#server/db/schema.ts';
import { defineJob, PermanentJobError } from '#server/jobs/defineJob.ts';
import { codecSet, hlsPublishRank, type CodecSet } from './transcodeVideo.ts';
import { encodeLadder } from './encodeLadder.ts';
import { masterPlaylist, mergeMasters } from './masterPlaylist.ts';
import { mediaKey } from './mediaKeys.ts';
import { parseMeta } from './parseMeta.ts';
import { probeVideo } from './probeVideo.ts';
import { originalKeyOf, processVideoJob } from './processVideoJob.ts';
import { uploadsWaitingInTx } from './uploadsWaitingInTx.ts';

/** What a run measured, stored beside the master before it is replaced (never served: not a media name). */
const RECEIPT = 'av1-receipt.json';
/** How often a running encode looks for an upload to give way to. */
const YIELD_CHECK_MS = 1000;
/** Below uploads' `nice -n 10`: the backfill takes only what they leave. */
const BACKFILL_NICE = 19;
const AV1_IN_MASTER = /CODECS="av01/;

interface Receipt {
  av1: CodecSet;
  /** How many bytes longer the new master is: every H.264 download counts it too. */
  masterGrowth: number;
}

/** Why a run stopped early without failing: an upload is waiting. */
class GaveWay extends Error {}

export const addAv1Job = defineJob({
  type: 'media.addAv1',
  schema: z.object({ assetId: z.string().min(1) }),
  maxAttempts: 3,
  timeoutMs: 6 * 60 * 60_000,
  backoffMs: 60_000,
  async handler({ assetId }, ctx) {
    const { services } = ctx;
    const { db } = services.database;
    const { storage } = services;
    const asset = await db
      .selectFrom('mediaAsset')
      .leftJoin('job', 'job.id', 'mediaAsset.jobId')
      .select(['mediaAsset.kind', 'mediaAsset.status', 'mediaAsset.meta', 'job.type', 'job.payload'])
      .where('mediaAsset.id', '=', assetId)
      .executeTakeFirst();
    // Deleted, re-processed or done meanwhile: nothing to do.
    if (asset?.kind !== 'video' || asset.status !== 'ready' || parseMeta(asset.meta).av1) return;
    if (await uploadsWaitingInTx(db, { now: services.clock.now() })) return; // the next round queues it again

    const master = await storage.readText(mediaKey(assetId, 'master.m3u8'));
    if (master === null) throw new PermanentJobError('This video has no master playlist to add AV1 to.');
    if (AV1_IN_MASTER.test(master)) {
      // A run stopped between replacing the master and recording it: its receipt says what it made.
      const receipt = await storage.readText(mediaKey(assetId, RECEIPT));
      if (receipt === null) throw new PermanentJobError('The master playlist lists AV1 the video record lacks.');
      await recordAv1(services, assetId, JSON.parse(receipt) as Receipt);
      return;
    }
    if (asset.type !== processVideoJob.type || !asset.payload)
      throw new PermanentJobError('The original upload of this video is not known.');
    const originalKey = originalKeyOf(processVideoJob.schema.parse(JSON.parse(asset.payload)), services.config.dataDir);
    if (!(await storage.stat(originalKey))) throw new PermanentJobError('The original upload is no longer stored.');

    const giveWay = new AbortController();
    const signal = AbortSignal.any([ctx.signal, giveWay.signal]);
    let lastCheck = Date.now();
    const work = await storage.prepareFolder(mediaKey(assetId, 'av1'));
    try {
      const family = await storage.withLocalCopy(originalKey, async (original) => {
        const probe = await probeVideo(original);
        const [made] = await encodeLadder(original, probe, work, ['av1'], {
          nice: BACKFILL_NICE,
          signal,
          onProgress(percent) {
            ctx.progress(percent);
            if (Date.now() - lastCheck < YIELD_CHECK_MS) return;
            lastCheck = Date.now();
            void uploadsWaitingInTx(db, { now: services.clock.now() }).then(
              (waiting) => waiting && giveWay.abort(new GaveWay('An upload is waiting')),
              () => {},
            );
          },
        });
        return made!;
      });
      const variants = [...family.videos, ...(family.audio ? [family.audio] : [])];
      const merged = mergeMasters(master, masterPlaylist(variants));
      const receipt: Receipt = {
        av1: codecSet(family, Buffer.byteLength(merged)),
        masterGrowth: Buffer.byteLength(merged) - Buffer.byteLength(master),
      };
      for (const v of variants)
        await storage.publishFolder(path.join(work, v.name), mediaKey(assetId, v.name), hlsPublishRank);
      await fs.writeFile(path.join(work, RECEIPT), JSON.stringify(receipt));
      await storage.moveIn(mediaKey(assetId, RECEIPT), path.join(work, RECEIPT));
      await fs.writeFile(path.join(work, 'master.m3u8'), merged);
      await storage.moveIn(mediaKey(assetId, 'master.m3u8'), path.join(work, 'master.m3u8'));
      await recordAv1(services, assetId, receipt);
    } catch (err) {
      // ffmpeg stopped for an upload (runFfmpeg rejects with the signal's reason): not a failure.
      if (err instanceof GaveWay) {
        services.log.info({ assetId }, 'AV1 backfill gave way to an upload');
        return;
      }
      throw err;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  },
});

/**
 * The asset's record gets the AV1 family (sizes, download offers) and its H.264 sizes the longer master;
 * then the receipt goes. Pages showing sizes are cached: they are cleared.
 */
async function recordAv1(services: Services, assetId: string, receipt: Receipt) {
  await services.database.db.transaction().execute(async (trx: Kysely<DB>) => {
    const row = await trx.selectFrom('mediaAsset').select('meta').where('id', '=', assetId).executeTakeFirst();
    const meta = parseMeta(row?.meta);
    if (!row || meta.av1) return;
    const grown = (r: unknown) =>
      r && typeof r === 'object' && typeof (r as { bytes?: unknown }).bytes === 'number'
        ? { ...r, bytes: (r as { bytes: number }).bytes + receipt.masterGrowth }
        : r;
    const renditions = Array.isArray(meta.renditions) ? meta.renditions.map(grown) : meta.renditions;
    await trx
      .updateTable('mediaAsset')
      .set({
        meta: JSON.stringify({ ...meta, renditions, audio: grown(meta.audio), av1: receipt.av1 }),
        updatedAt: new Date(),
      })
      .where('id', '=', assetId)
      .execute();
  });
  await services.storage.remove(mediaKey(assetId, RECEIPT));
  services.catalogChanged();
}
