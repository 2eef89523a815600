// The durable job that turns an uploaded video into its HLS ladder (see transcodeVideo.ts), or an audio
// lesson's recording into the Listen only variants alone (transcodeAudio, decision 0069), and records
// what it produced on the asset, its episodes and their courses. ffmpeg works on local files: the original
// is fetched from the media storage (a temporary copy with S3), the ladder built in a scratch folder and
// published (master playlist last) before the asset is marked ready. A worker killed on the way leaves
// no master playlist, and the job's next attempt starts over.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '#server/db/schema.ts';
import { DomainError } from '#server/core/errors.ts';
import { defineJob, PermanentJobError, type JobContext } from '#server/jobs/defineJob.ts';
import { storeHeldOriginal } from './heldOriginals.ts';
import { mediaKey } from './mediaKeys.ts';
import { parseMeta } from './parseMeta.ts';
import { probeVideo, type VideoProbe } from './probeVideo.ts';
import { probeAudio, type AudioProbe } from './probeAudio.ts';
import { hlsPublishRank, transcodeAudio, transcodeVideo, type TranscodeResult } from './transcodeVideo.ts';

const ASSET_PROGRESS_WRITE_MS = 2000;

export const processVideoJob = defineJob({
  type: 'media.processVideo',
  schema: z.union([
    z.object({ assetId: z.string().min(1), originalKey: z.string().regex(/^uploads\/[^/]+$/) }),
    // Queued before object storage: an absolute path under DATA_DIR.
    z.object({
      assetId: z.string().min(1),
      originalPath: z.string().refine((p) => path.isAbsolute(p), 'must be an absolute path'),
    }),
  ]),
  maxAttempts: 3,
  timeoutMs: 3 * 60 * 60_000,
  backoffMs: 30_000,
  async handler(payload, ctx) {
    const { assetId } = payload;
    const { db } = ctx.services.database;
    const { storage, config } = ctx.services;
    const originalKey = originalKeyOf(payload, config.dataDir);
    const started = await db
      .updateTable('mediaAsset')
      .set({ status: 'processing', error: null, progress: 0, updatedAt: new Date() })
      .where('id', '=', assetId)
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) === 0) return; // deleted meanwhile: nothing left to process
    const { kind } = await db
      .selectFrom('mediaAsset')
      .select('kind')
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();

    // Held on disk when the storage was down at upload time; throws (and the job retries) while it still is.
    await storeHeldOriginal(ctx.services, { key: originalKey });
    const work = await storage.prepareFolder(mediaKey(assetId));
    try {
      const [probe, made] = await storage.withLocalCopy(originalKey, (original) =>
        transcode(original, work, { assetId, audio: kind === 'audio' }, ctx),
      );
      await storage.publishFolder(work, mediaKey(assetId), hlsPublishRank);
      await markVideoReady(db, assetId, probe, made);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
    ctx.services.catalogChanged();
  },
  async onFailed({ assetId }, reason, services) {
    await services.database.db
      .updateTable('mediaAsset')
      .set({ status: 'failed', error: reason, updatedAt: new Date() })
      .where('id', '=', assetId)
      .execute();
  },
});

/** Where the job's original is in the media storage (payloads from before object storage hold a path). */
export function originalKeyOf(payload: z.infer<typeof processVideoJob.schema>, dataDir: string): string {
  return 'originalKey' in payload
    ? payload.originalKey
    : path.relative(dataDir, payload.originalPath).split(path.sep).join('/');
}

async function transcode(
  original: string,
  work: string,
  { assetId, audio }: { assetId: string; audio: boolean },
  ctx: JobContext,
): Promise<[VideoProbe | AudioProbe, TranscodeResult]> {
  const { db } = ctx.services.database;
  let probe: VideoProbe | AudioProbe;
  try {
    probe = audio ? await probeAudio(original) : await probeVideo(original);
  } catch (err) {
    // Not decodable video: retrying cannot help, and the creator must read why.
    if (err instanceof DomainError) throw new PermanentJobError(err.message);
    throw err;
  }
  let lastWrite = 0;
  const source = probe;
  const make = (opts: Parameters<typeof transcodeAudio>[3]) =>
    audio
      ? transcodeAudio(original, source as AudioProbe, work, opts)
      : transcodeVideo(original, source as VideoProbe, work, opts);
  const made = await make({
    signal: ctx.signal,
    onProgress(percent) {
      ctx.progress(percent);
      if (Date.now() - lastWrite < ASSET_PROGRESS_WRITE_MS) return;
      lastWrite = Date.now();
      void db
        .updateTable('mediaAsset')
        .set({ progress: Math.round(percent) })
        .where('id', '=', assetId)
        .execute()
        .catch(() => {});
    },
  });
  return [probe, made];
}

/** The asset becomes playable; its episodes and their courses get the measured duration. */
async function markVideoReady(db: Kysely<DB>, assetId: string, probe: VideoProbe | AudioProbe, made: TranscodeResult) {
  const seconds = Math.round(probe.duration);
  await db.transaction().execute(async (trx) => {
    const asset = await trx.selectFrom('mediaAsset').select('meta').where('id', '=', assetId).executeTakeFirst();
    const previous = parseMeta(asset?.meta);
    const meta = {
      ...previous,
      duration: probe.duration,
      // A recording has no picture, and its sound is what it is (decision 0069).
      ...('width' in probe
        ? { width: probe.width, height: probe.height, hasAudio: probe.hasAudio }
        : { hasAudio: true }),
      renditions: made.renditions,
      audio: made.audio,
      av1: made.av1,
    };
    await trx
      .updateTable('mediaAsset')
      .set({ status: 'ready', progress: 100, error: null, meta: JSON.stringify(meta), updatedAt: new Date() })
      .where('id', '=', assetId)
      .execute();
    await trx.updateTable('episode').set({ duration: seconds }).where('videoId', '=', assetId).execute();
    await trx
      .updateTable('course')
      .set((eb) => ({
        duration: eb.fn.coalesce(
          eb
            .selectFrom('episode')
            .select((e) => e.fn.sum<number>('episode.duration').as('d'))
            .whereRef('episode.courseId', '=', 'course.id'),
          eb.lit(0),
        ),
      }))
      .where('id', 'in', (eb) => eb.selectFrom('episode').select('courseId').where('videoId', '=', assetId))
      .execute();
  });
}
