// The S3 storage against a real S3 server (s3rver, or TEST_S3_ENDPOINT): big files in parts, publishing
// that replaces a folder's content, removal, and reading back ranges.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MediaStorage } from '#server/core/mediaStorage.ts';
import { startTestS3, type TestS3 } from '#tests/support/s3Server.ts';
import { hlsPublishRank } from '#server/modules/media/transcodeVideo.ts';
import { createS3Client, createS3Storage } from './s3Storage.ts';

let s3: TestS3;
let storage: MediaStorage;
let scratch: string;

beforeAll(async () => {
  s3 = await startTestS3();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-s3-scratch-'));
  storage = createS3Storage(s3.settings, scratch);
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const text = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

it('stores a file bigger than one upload part whole, and reads any range of it back', async () => {
  const bytes = randomBytes(12 * 1024 * 1024 + 123);
  const file = path.join(scratch, 'big.mp4');
  fs.writeFileSync(file, bytes);
  await storage.moveIn('uploads/big.mp4', file);
  expect(fs.existsSync(file)).toBe(false);
  expect((await storage.stat('uploads/big.mp4'))?.size).toBe(bytes.length);
  const start = 5 * 1024 * 1024 - 10;
  expect(
    (await text(await storage.read('uploads/big.mp4', { start, end: start + 99 }))).equals(
      bytes.subarray(start, start + 100),
    ),
  ).toBe(true);
  const copy = await storage.withLocalCopy('uploads/big.mp4', async (f) => fs.readFileSync(f));
  expect(copy.equals(bytes)).toBe(true);
  expect(fs.readdirSync(scratch)).toEqual([]);
});

it('replaces what a folder held when a new one is published, and removes it whole', async () => {
  const build = async (files: Record<string, string>) => {
    const dir = await storage.prepareFolder('media/a1');
    for (const [name, body] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), body);
    }
    return dir;
  };
  await storage.publishFolder(await build({ 'master.m3u8': 'm1', '720p/seg_1.m4s': 'old' }), 'media/a1');
  const dir = await build({ 'master.m3u8': 'm2', '240p/seg_1.m4s': 'new' });
  await storage.publishFolder(dir, 'media/a1');
  expect(fs.existsSync(dir)).toBe(false);
  expect(await s3.keys('media/a1/')).toEqual(['media/a1/240p/seg_1.m4s', 'media/a1/master.m3u8']);
  expect(await storage.readText('media/a1/master.m3u8')).toBe('m2');
  await storage.remove('media/a1');
  expect(await s3.keys('media/a1/')).toEqual([]);
  expect(await storage.stat('media/a1/master.m3u8')).toBeNull();
  expect(await storage.readText('media/a1/master.m3u8')).toBeNull();
});

it('stores segments before the playlists that list them, and the master playlist after everything', async () => {
  // A real client, watched: each upload's start and end, in the order the server saw them.
  const events: string[] = [];
  const client = createS3Client(s3.settings);
  client.middlewareStack.add(
    (next) => async (args) => {
      const key = String((args.input as { Key?: string }).Key ?? '')
        .split('/')
        .slice(-2)
        .join('/');
      events.push(`start ${key}`);
      const out = await next(args);
      events.push(`end ${key}`);
      return out;
    },
    { step: 'initialize' },
  );
  const watched = createS3Storage(s3.settings, scratch, client);
  const dir = await watched.prepareFolder('media/a2');
  for (const r of ['240p', '360p']) {
    fs.mkdirSync(path.join(dir, r));
    for (const f of ['init_0.mp4', 'seg_00000.m4s', 'seg_00001.m4s', 'index.m3u8'])
      fs.writeFileSync(path.join(dir, r, f), f);
  }
  fs.writeFileSync(path.join(dir, 'poster.webp'), 'p');
  fs.writeFileSync(path.join(dir, 'master.m3u8'), 'm');
  await watched.publishFolder(dir, 'media/a2', hlsPublishRank);
  const puts = events.filter((e) => /\.(m4s|mp4|webp|m3u8)$/.test(e));
  const last = (re: RegExp) => puts.findLastIndex((e) => e.startsWith('end') && re.test(e));
  const first = (re: RegExp) => puts.findIndex((e) => e.startsWith('start') && re.test(e));
  expect(last(/\.(m4s|mp4|webp)$/)).toBeLessThan(first(/index\.m3u8$/));
  expect(last(/index\.m3u8$/)).toBeLessThan(first(/master\.m3u8$/));
  expect(puts.filter((e) => e.startsWith('end'))).toHaveLength(10);
  client.destroy();
});
