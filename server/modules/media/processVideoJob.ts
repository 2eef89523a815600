// The durable job that turns an uploaded video into its HLS ladder (see transcodeVideo.ts), and records
// what it produced on the asset, its episodes and their courses.
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '#server/db/schema.ts';
import { DomainError } from '#server/core/errors.ts';
import { defineJob, PermanentJobError } from '#server/jobs/defineJob.ts';
import { mediaDir } from './mediaDir.ts';
import { probeVideo, type VideoProbe } from './probeVideo.ts';
import { transcodeVideo, type TranscodeResult } from './transcodeVideo.ts';

const ASSET_PROGRESS_WRITE_MS = 2000;

export const processVideoJob = defineJob({
  type: 'media.processVideo',
  schema: z.object({
    assetId: z.string().min(1),
    originalPath: z.string().refine((p) => path.isAbsolute(p), 'must be an absolute path'),
  }),
  maxAttempts: 3,
  timeoutMs: 3 * 60 * 60_000,
  backoffMs: 30_000,
  async handler({ assetId, originalPath }, ctx) {
    const { db } = ctx.services.database;
    const started = await db
      .updateTable('mediaAsset')
      .set({ status: 'processing', error: null, progress: 0, updatedAt: new Date() })
      .where('id', '=', assetId)
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) === 0) return; // deleted meanwhile: nothing left to process

    let probe: VideoProbe;
    try {
      probe = await probeVideo(originalPath);
    } catch (err) {
      // Not decodable video: retrying cannot help, and the creator must read why.
      if (err instanceof DomainError) throw new PermanentJobError(err.message);
      throw err;
    }
    let lastWrite = 0;
    const made = await transcodeVideo(originalPath, probe, mediaDir(ctx.services.config.dataDir, assetId), {
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
    await markVideoReady(db, assetId, probe, made);
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

/** The asset becomes playable; its episodes and their courses get the measured duration. */
async function markVideoReady(db: Kysely<DB>, assetId: string, probe: VideoProbe, made: TranscodeResult) {
  const seconds = Math.round(probe.duration);
  await db.transaction().execute(async (trx) => {
    const asset = await trx.selectFrom('mediaAsset').select('meta').where('id', '=', assetId).executeTakeFirst();
    const previous = parseMeta(asset?.meta);
    const meta = {
      ...previous,
      duration: probe.duration,
      width: probe.width,
      height: probe.height,
      hasAudio: probe.hasAudio,
      renditions: made.renditions,
      audio: made.audio,
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

function parseMeta(raw: string | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
