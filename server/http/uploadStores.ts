// Where tus keeps uploads in progress. Without object storage: files under DATA_DIR/uploads/incoming/
// (tus's FileStore), which any process of this machine can resume. With S3: @tus/s3-store writes each
// chunk as a part of an S3 multipart upload under `<S3_PREFIX>uploads/incoming/`, so an upload started
// through one machine resumes through any other (decision 0034). The upload URL keeps the bare id, which
// is also the asset's; the S3 key around it is added here.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, Upload } from '@tus/utils';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { CHUNK_BYTES } from '#common/uploads/uploadRules.ts';
import { newId } from '#server/lib/ids.ts';
import { incomingUploadsDir } from '#server/modules/uploads/incomingUploadsDir.ts';
import { s3ClientConfig } from '#server/storage/s3Storage.ts';
import { createFileStore } from './preparedFileStore.ts';

export interface UploadStore {
  datastore: DataStore;
  /** A new upload's tus id. */
  newTusId(): string;
  /** The tus id an upload URL's last segment names (undefined for anything that is not an id). */
  tusIdFromUrl(urlId: string): string | undefined;
  /** The id in the upload's URL, which becomes its asset's id. */
  urlId(tusId: string): string;
  /** What tus keeps about an upload in progress (undefined if there is no such upload). */
  info(tusId: string): Promise<Upload | undefined>;
  /** Runs `use` with a local file holding a finished upload's bytes (`use` may move the file away). */
  withFinishedFile<T>(upload: Upload, use: (file: string) => Promise<T>): Promise<T>;
  /** Forgets a finished upload: its tus record and whatever bytes are left. */
  discard(upload: Upload): Promise<void>;
  /** Deletes unfinished uploads older than `maxAgeMs`; returns how many. */
  cleanUp(maxAgeMs: number, now: Date): Promise<number>;
}

export function createUploadStore(services: Services): UploadStore {
  return services.config.s3 ? s3UploadStore(services) : fileUploadStore(services);
}

function fileUploadStore(services: Services): UploadStore {
  const store: FileStore = createFileStore(incomingUploadsDir(services.config.dataDir));
  return {
    datastore: store,
    newTusId: newId,
    tusIdFromUrl: (urlId) => (isId(urlId) ? urlId : undefined),
    urlId: (tusId) => tusId,
    info: (tusId) => store.configstore.get(tusId),
    async withFinishedFile(upload, use) {
      if (!upload.storage?.path) throw new Error('finished upload without a file');
      return use(upload.storage.path);
    },
    async discard(upload) {
      await store.configstore.delete(upload.id);
      if (upload.storage?.path) await fs.rm(upload.storage.path, { force: true });
    },
    async cleanUp(maxAgeMs, now) {
      let removed = 0;
      for (const id of (await store.configstore.list?.()) ?? []) {
        const info = await store.configstore.get(id);
        const created = info?.creation_date ? Date.parse(info.creation_date) : NaN;
        if (!info || !(now.getTime() - created > maxAgeMs)) continue;
        await store.remove(id).catch(() => store.configstore.delete(id));
        removed++;
      }
      return removed;
    },
  };
}

const INCOMING = 'uploads/incoming/';

/** tus's S3 store, with an upload's record readable on its own (kept per process), without listing parts. */
class RecordedS3Store extends S3Store {
  async record(id: string): Promise<Upload> {
    return (await this.getMetadata(id)).file;
  }
}

function s3UploadStore(services: Services): UploadStore {
  const s3 = services.config.s3!;
  const store = new RecordedS3Store({
    // One part per chunk the client sends (the smallest part S3 accepts): a resumed upload re-sends at most
    // one chunk, and no part waits for the next request to be complete.
    partSize: CHUNK_BYTES,
    s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) },
  });
  const keyOf = (urlId: string) => `${s3.prefix}${INCOMING}${urlId}`;
  /** The key relative to S3_PREFIX, as the media storage names it. */
  const storageKey = (tusId: string) => tusId.slice(s3.prefix.length);
  return {
    datastore: store,
    newTusId: () => keyOf(newId()),
    tusIdFromUrl: (urlId) => (isId(urlId) ? keyOf(urlId) : undefined),
    urlId: (tusId) => path.posix.basename(tusId),
    // The owner is in the record; the offset (a listing of parts) is tus's to find. Asked first, the storage
    // tells a missing upload (undefined) from a bucket it cannot reach (an error, answered 503).
    async info(tusId) {
      if (!(await services.storage.stat(`${storageKey(tusId)}.info`))) return undefined;
      return store.record(tusId);
    },
    // Checked and probed like a file tus wrote to disk: the bytes are fetched once, after the last chunk.
    withFinishedFile: (upload, use) => services.storage.withLocalCopy(storageKey(upload.id), use),
    async discard(upload) {
      const key = storageKey(upload.id);
      await Promise.all([key, `${key}.info`, `${key}.part`].map((k) => services.storage.remove(k)));
    },
    // Parts of abandoned uploads are the bucket's to expire: a lifecycle rule on `uploads/incoming/`
    // (docs/deployment.md), as S3 itself recommends for incomplete multipart uploads.
    cleanUp: async () => 0,
  };
}
