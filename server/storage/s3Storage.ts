// Media in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO…). An object appears whole
// or not at all (a multipart upload only once completed), so publishing a folder needs only an order:
// each rank is stored completely before the next begins, playlists after what they list.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '#server/config/config.ts';
import type { MediaStorage } from '#server/core/mediaStorage.ts';

/** Files stored at once while publishing a folder. */
const PUT_CONCURRENCY = 4;

/** The SDK client's settings (also given to tus's S3 store, which makes its own client). */
export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // The SDK's default extra checksums (CRC32 headers on every upload) are refused by some S3-compatible
    // services; AWS itself needs them only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export const createS3Client = (s3: S3Settings): S3Client => new S3Client(s3ClientConfig(s3));

const missing = (err: unknown) =>
  err instanceof NotFound ||
  err instanceof NoSuchKey ||
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `scratch` is a local folder for temporary copies and folders being built (under DATA_DIR). */
export function createS3Storage(s3: S3Settings, scratch: string, client = createS3Client(s3)): MediaStorage {
  const Bucket = s3.bucket;
  const full = (key: string) => `${s3.prefix}${key}`;

  const put = (key: string, file: string) =>
    new Upload({ client, params: { Bucket, Key: full(key), Body: fs.createReadStream(file) } }).done();

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: full(`${prefix}/`), ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async function deleteKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
    }
  }

  const scratchPath = async (name: string) => {
    await fs.promises.mkdir(scratch, { recursive: true });
    return path.join(scratch, name);
  };

  return {
    kind: 's3',
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return { size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(key, { start, end }) {
      const got = await client.send(new GetObjectCommand({ Bucket, Key: full(key), Range: `bytes=${start}-${end}` }));
      return got.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    },
    async readText(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        return await got.Body!.transformToString('utf8');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async moveIn(key, file) {
      await put(key, file);
      await fs.promises.rm(file, { force: true });
    },
    async withLocalCopy(key, use) {
      // A name of its own (two requests may want the same key at once) that says which process made it,
      // so copies left by a killed process (a worker killed mid-transcode) go when the key is next fetched.
      const stem = `copy-${key.replaceAll('/', '_')}-`;
      for (const name of await fs.promises.readdir(scratch).catch(() => [])) {
        const pid = Number(name.slice(stem.length).split('-')[0]);
        if (name.startsWith(stem) && !processAlive(pid))
          await fs.promises.rm(path.join(scratch, name), { force: true });
      }
      const file = await scratchPath(`${stem}${process.pid}-${randomUUID()}${path.extname(key)}`);
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        await pipeline(got.Body as NodeJS.ReadableStream, fs.createWriteStream(file));
        return await use(file);
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
    async prepareFolder(prefix) {
      // Named after the prefix so a retry after a killed worker starts by removing its predecessor's folder.
      const dir = await scratchPath(`build-${prefix.replaceAll('/', '_')}`);
      await fs.promises.rm(dir, { recursive: true, force: true });
      await fs.promises.mkdir(dir, { recursive: true });
      return dir;
    },
    async publishFolder(dir, prefix, rank = () => 0) {
      try {
        const files = (await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
        const ranks = [...new Set(files.map(rank))].sort((a, b) => a - b);
        for (const r of ranks) {
          const queue = files.filter((f) => rank(f) === r);
          const worker = async () => {
            for (let f = queue.shift(); f !== undefined; f = queue.shift())
              await put(`${prefix}/${f}`, path.join(dir, f));
          };
          await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));
        }
        const wanted = new Set(files.map((f) => full(`${prefix}/${f}`)));
        await deleteKeys((await listKeys(prefix)).filter((k) => !wanted.has(k)));
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    async remove(keyOrPrefix) {
      await deleteKeys([full(keyOrPrefix), ...(await listKeys(keyOrPrefix))]);
    },
  };
}
