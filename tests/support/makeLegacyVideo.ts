// A ready video as the pipeline made them before AV1 existed (decision 0066): its original in the media
// storage, the processing job that made it (which names the original), the H.264 ladder with its master
// and a record without `av1`. For the AV1 backfill's tests (decision 0070).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '#server/core/services.ts';
import { enqueueJob } from '#server/jobs/enqueueJob.ts';
import { newId } from '#server/lib/ids.ts';
import { encodeLadder } from '#server/modules/media/encodeLadder.ts';
import { masterPlaylist } from '#server/modules/media/masterPlaylist.ts';
import { mediaKey } from '#server/modules/media/mediaKeys.ts';
import { probeVideo } from '#server/modules/media/probeVideo.ts';
import { processVideoJob } from '#server/modules/media/processVideoJob.ts';
import { codecSet, hlsPublishRank } from '#server/modules/media/transcodeVideo.ts';
import { type ClipSpec, makeClip } from './makeClip.ts';

export async function makeLegacyVideo(services: Services, ownerId: string, clip: ClipSpec): Promise<string> {
  const { db } = services.database;
  const { storage } = services;
  const id = newId();
  const originalKey = `uploads/${id}.mp4`;
  const file = await makeClip(path.join(services.config.dataDir, `${id}.mp4`), clip);
  const probe = await probeVideo(file);
  const work = await storage.prepareFolder(mediaKey(id));
  const [h264] = await encodeLadder(file, probe, work, ['h264'], { nice: 10 });
  const master = masterPlaylist([...h264!.videos, ...(h264!.audio ? [h264!.audio] : [])]);
  await fs.writeFile(path.join(work, 'master.m3u8'), master);
  await storage.publishFolder(work, mediaKey(id), hlsPublishRank);
  await storage.moveIn(originalKey, file);
  const { renditions, audio } = codecSet(h264!, Buffer.byteLength(master));
  const at = new Date();
  await db
    .insertInto('mediaAsset')
    .values({
      id,
      ownerId,
      kind: 'video',
      status: 'ready',
      meta: JSON.stringify({ ...probe, renditions, audio }),
      error: null,
      progress: 100,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  const jobId = await enqueueJob(db, processVideoJob, { assetId: id, originalKey });
  await db.updateTable('job').set({ status: 'done', progress: 100 }).where('id', '=', jobId).execute();
  await db.updateTable('mediaAsset').set({ jobId }).where('id', '=', id).execute();
  return id;
}
