// An S3 endpoint for tests: s3rver (from npm, so always installed; with the two multipart calls it lacks,
// s3rverMultipartGaps.ts) started on a free port in a temporary
// folder, or a real service when TEST_S3_ENDPOINT is set (with TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID,
// TEST_S3_SECRET_ACCESS_KEY and optionally TEST_S3_REGION). Each start gets a key prefix of its own, so
// runs never see each other's objects; `stop()` deletes them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { addMultipartGaps } from './s3rverMultipartGaps.ts';
import { loadConfig, type S3Settings } from '#server/config/config.ts';
import { createS3Client } from '#server/storage/s3Storage.ts';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';

export interface TestS3 {
  /** The S3_* settings for loadConfig or a child process's environment. */
  env: Record<string, string>;
  settings: S3Settings;
  /** Keys under this run's prefix (without it), sorted. */
  keys(under?: string): Promise<string[]>;
  /** An object's bytes, read straight from the bucket; null when absent. */
  object(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

const BUCKET = 'darasa-test';

/** `local`: always s3rver (a test that cuts the network between the app and the bucket relays plain HTTP). */
export async function startTestS3({ local = false } = {}): Promise<TestS3> {
  const prefix = `t-${process.pid}-${Math.random().toString(36).slice(2, 10)}/`;
  let env: Record<string, string>;
  let server: S3rver | null = null;
  let directory: string | null = null;
  if (process.env.TEST_S3_ENDPOINT && !local) {
    const need = ['TEST_S3_BUCKET', 'TEST_S3_ACCESS_KEY_ID', 'TEST_S3_SECRET_ACCESS_KEY'];
    const unset = need.filter((k) => !process.env[k]);
    if (unset.length) throw new Error(`TEST_S3_ENDPOINT is set: also set ${unset.join(', ')}`);
    env = {
      S3_ENDPOINT: process.env.TEST_S3_ENDPOINT,
      S3_BUCKET: process.env.TEST_S3_BUCKET!,
      S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID!,
      S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY!,
      S3_REGION: process.env.TEST_S3_REGION ?? 'us-east-1',
    };
  } else {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    addMultipartGaps(server);
    const { port } = await server.run();
    env = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }
  env.S3_PREFIX = prefix;
  const settings = loadConfig({ ...env, DATA_DIR: os.tmpdir() }).s3!;
  const client = createS3Client(settings);
  const Bucket = settings.bucket;

  async function listAll(under = ''): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${under}`, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  return {
    env,
    settings,
    keys: listAll,
    async object(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: `${prefix}${key}` }));
        return Buffer.from(await got.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
    async stop() {
      const keys = await listAll();
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((k) => ({ Key: `${prefix}${k}` }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
      client.destroy();
      if (server) await server.close();
      if (directory) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
