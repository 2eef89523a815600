import fs from 'node:fs/promises';
import type { Services } from '#server/core/services.ts';
import { DomainError } from '#server/core/errors.ts';
import { enqueueVideoProcessing } from '../media/enqueueVideoProcessing.ts';
import { mediaDir } from '../media/mediaDir.ts';
import { processImage } from '../media/processImage.ts';
import { probeVideo } from '../media/probeVideo.ts';
import { toAssetView, type AssetView } from '../studio/assetView.ts';
import { KIND_OF, sniffFileType } from './sniffFileType.ts';
import { uploadPaths } from './uploadPaths.ts';
import { UPLOAD_MESSAGES, type UploadKind } from '#common/uploads/uploadRules.ts';

export interface CompletedUpload {
  /** The tus upload id, which becomes the asset id (so the client knows it from the upload URL). */
  id: string;
  /** Where tus wrote the bytes. */
  path: string;
  kind: UploadKind;
  ownerId: string;
  fileName: string;
}

/**
 * Turns a completed upload into a media asset. The type is checked from the content (magic bytes, then a
 * real decode: sharp for images, ffprobe for videos, which also measures the duration); a refused file is
 * deleted and a DomainError says why. Images are processed at once (WebP widths, ready); videos are handed
 * to the video pipeline (a durable job, queued in the same transaction as the asset).
 */
export async function finishUpload(services: Services, upload: CompletedUpload): Promise<AssetView> {
  const type = await sniffFileType(upload.path);
  if (!type || KIND_OF[type] !== upload.kind) {
    await fs.rm(upload.path, { force: true });
    throw upload.kind === 'image'
      ? new DomainError('not_image', UPLOAD_MESSAGES.notImage)
      : new DomainError('not_video', UPLOAD_MESSAGES.notVideo);
  }
  const original = uploadPaths(services.config.dataDir).original(upload.id, type);
  await fs.rename(upload.path, original);
  try {
    const now = new Date();
    if (upload.kind === 'image') {
      const image = await processImage(original, mediaDir(services.config.dataDir, upload.id), { og: true });
      const row = {
        id: upload.id,
        ownerId: upload.ownerId,
        kind: 'image',
        status: 'ready',
        meta: JSON.stringify({
          fileName: upload.fileName,
          width: image.width,
          height: image.height,
          files: image.files,
        }),
        error: null,
        progress: 100,
        createdAt: now,
        updatedAt: now,
      };
      await services.database.db.insertInto('mediaAsset').values(row).execute();
      return toAssetView(row);
    }
    const probe = await probeVideo(original);
    const meta = JSON.stringify({ fileName: upload.fileName, ...probe });
    return await services.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('mediaAsset')
        .values({
          id: upload.id,
          ownerId: upload.ownerId,
          kind: 'video',
          status: 'uploaded',
          meta,
          error: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await enqueueVideoProcessing(services, trx, upload.id, original);
      const row = await trx.selectFrom('mediaAsset').selectAll().where('id', '=', upload.id).executeTakeFirstOrThrow();
      return toAssetView({ ...row, jobStatus: 'queued' });
    });
  } catch (err) {
    await fs.rm(original, { force: true });
    await fs.rm(mediaDir(services.config.dataDir, upload.id), { recursive: true, force: true });
    throw err;
  }
}
