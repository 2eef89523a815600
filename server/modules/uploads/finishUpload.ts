import fs from 'node:fs/promises';
import type { Services } from '#server/core/services.ts';
import { DomainError } from '#server/core/errors.ts';
import { enqueueVideoProcessingInTx } from '../media/enqueueVideoProcessingInTx.ts';
import { dropHeldOriginal, storeOrHoldOriginal } from '../media/heldOriginals.ts';
import { fileKey, mediaKey, originalKey } from '../media/mediaKeys.ts';
import { processImage, type ProcessedImage } from '../media/processImage.ts';
import { probeVideo } from '../media/probeVideo.ts';
import { probeAudio } from '../media/probeAudio.ts';
import { toAssetView, type AssetView } from '../studio/assetView.ts';
import { ACCEPTED, sniffFileType } from './sniffFileType.ts';
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
 * deleted and a DomainError says why. Images are processed at once (WebP widths, ready); videos, and an audio
 * lesson's recordings (probed by ffprobe as sound without picture, decision 0069), are handed to the media
 * pipeline (a durable job, queued in the same transaction as the asset).
 */
export async function finishUpload(
  services: Services,
  { id, path: file, kind, ownerId, fileName }: CompletedUpload,
): Promise<AssetView> {
  const type = await sniffFileType(file);
  if (!type || !ACCEPTED[kind].includes(type)) {
    await fs.rm(file, { force: true });
    throw REFUSED[kind]();
  }
  const { storage } = services;
  if (kind === 'pdf' || kind === 'resource') return keepDocument(services, { id, file, kind, ownerId, fileName, type });
  const original = originalKey(id, type);
  // Checked on the local file tus wrote, then kept in the media storage.
  try {
    const now = new Date();
    if (kind === 'image') {
      const work = await storage.prepareFolder(mediaKey(id));
      let image: ProcessedImage;
      try {
        image = await processImage(file, work, { og: true });
        // An image is small: if the storage cannot take it now, the creator's client sends it again.
        await storage.publishFolder(work, mediaKey(id)).catch(storageDown(services));
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
      await storage.moveIn(original, file).catch(storageDown(services));
      const row = {
        id,
        ownerId,
        kind: 'image',
        status: 'ready',
        meta: JSON.stringify({
          fileName,
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
    const probe = kind === 'audio' ? await probeAudio(file) : await probeVideo(file);
    // A video may be gigabytes sent over hours: kept even when the storage is down (media/heldOriginals.ts).
    await storeOrHoldOriginal(services, { key: original, file });
    const meta = JSON.stringify({ fileName, ...probe });
    return await services.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('mediaAsset')
        .values({
          id,
          ownerId,
          kind: kind === 'audio' ? 'audio' : 'video',
          status: 'uploaded',
          meta,
          error: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await enqueueVideoProcessingInTx(trx, { jobs: services.jobs, assetId: id, originalKey: original });
      const row = await trx.selectFrom('mediaAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return toAssetView({ ...row, jobStatus: 'queued' });
    });
  } catch (err) {
    // Best effort: the storage may be the reason we are here.
    await Promise.allSettled([
      storage.remove(original),
      storage.remove(mediaKey(id)),
      dropHeldOriginal(services, { key: original }),
    ]);
    throw err;
  }
}

const REFUSED: Record<UploadKind, () => DomainError> = {
  image: () => new DomainError('not_image', UPLOAD_MESSAGES.notImage),
  video: () => new DomainError('not_video', UPLOAD_MESSAGES.notVideo),
  pdf: () => new DomainError('unsupported_media_type', UPLOAD_MESSAGES.notPdf),
  resource: () => new DomainError('unsupported_media_type', UPLOAD_MESSAGES.notResource),
  audio: () => new DomainError('unsupported_media_type', UPLOAD_MESSAGES.notAudio),
};

/**
 * A PDF lesson's file or a lesson's resource (decision 0060) is kept as it came, under `files/`: nothing to
 * process, ready at once. Its size and format are in the meta for the learner's list.
 */
async function keepDocument(
  services: Services,
  { id, file, kind, ownerId, fileName, type }: Omit<CompletedUpload, 'path'> & { file: string; type: string },
): Promise<AssetView> {
  const key = fileKey(id, type);
  const { size } = await fs.stat(file);
  try {
    // Small enough to send again: refused (502) when the storage cannot take it now, as an image is.
    await services.storage.moveIn(key, file).catch(storageDown(services));
    const now = new Date();
    const row = {
      id,
      ownerId,
      kind,
      status: 'ready',
      meta: JSON.stringify({ fileName, size, type }),
      error: null,
      progress: 100,
      createdAt: now,
      updatedAt: now,
    };
    await services.database.db.insertInto('mediaAsset').values(row).execute();
    return toAssetView(row);
  } catch (err) {
    await Promise.allSettled([services.storage.remove(key), fs.rm(file, { force: true })]);
    throw err;
  }
}

const storageDown = (services: Services) => (err: unknown) => {
  services.log.error({ err }, 'media storage unavailable');
  throw new DomainError('provider_unavailable', UPLOAD_MESSAGES.storageDown);
};
