// Resumable uploads over real HTTP: size limits from the declared length, types from the content,
// ownership, and resuming after a dropped connection.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAbandonedUploads } from '#server/http/sweepAbandonedUploads.ts';
import { makeClip } from '../support/makeClip.ts';
import { sendThenDrop, tusCreate, tusOffset, tusPatch, uploadWhole, waitForOffset } from '#tests/support/tus.ts';
import { signedIn, visitor } from '#tests/support/signedIn.ts';
import { startApp, type App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
let creator: Awaited<ReturnType<typeof signedIn>>;
let png: Buffer;
let clip: Buffer;

beforeAll(async () => {
  app = await startApp(cleanups);
  creator = await signedIn(app, 'creator');
  png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#225588' } })
    .png()
    .toBuffer();
  const clipFile = path.join(app.t.dataDir, 'clip.mp4');
  clip = fs.readFileSync(await makeClip(clipFile, { width: 320, height: 180, seconds: 2 }));
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const incoming = () => path.join(app.t.dataDir, 'uploads', 'incoming');
const incomingFiles = () => (fs.existsSync(incoming()) ? fs.readdirSync(incoming()) : []);
const asset = (id: string) => app.t.db.selectFrom('mediaAsset').selectAll().where('id', '=', id).executeTakeFirst();

describe('who may upload', () => {
  it('refuses visitors and customers before creating anything', async () => {
    const before = incomingFiles().length;
    expect((await tusCreate(visitor(app), { kind: 'image', filename: 'a.png' }, 10)).status).toBe(401);
    const customer = await signedIn(app, 'customer');
    const res = await tusCreate(customer, { kind: 'image', filename: 'a.png' }, 10);
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('Please sign in as a creator to upload files.');
    expect(incomingFiles().length).toBe(before);
  });

  it("answers 404 to another creator resuming or deleting someone's upload", async () => {
    const created = await tusCreate(creator, { kind: 'image', filename: 'a.png' }, png.length);
    const url = created.headers.get('location')!;
    await tusPatch(creator, url, 0, png.subarray(0, 100));
    const other = await signedIn(app, 'creator');
    expect(await tusOffset(other, url)).toBeNull();
    expect((await tusPatch(other, url, 100, png.subarray(100))).status).toBe(404);
    expect((await other.request(url)).status).toBe(404);
    expect((await creator.request(url)).status).toBe(404);
    const del = await other.request(url, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } });
    expect(del.status).toBe(404);
    expect(await tusOffset(creator, url)).toBe(100);
  });
});

describe('size limits', () => {
  it.each([
    ['image', 20 * 1024 * 1024 + 1, 'File size should be less than 20MB'],
    ['video', 500 * 1024 * 1024 + 1, 'File size should be less than 500MB'],
  ])('refuses an oversize %s from its declared length, before any byte', async (kind, length, message) => {
    const before = incomingFiles().length;
    const res = await tusCreate(creator, { kind, filename: `big.${kind === 'image' ? 'png' : 'mp4'}` }, length);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(message);
    expect(incomingFiles().length).toBe(before);
  });

  it('refuses an upload without a declared length or kind', async () => {
    const deferred = await creator.request('/api/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': `kind ${btoa('video')}` },
    });
    expect(deferred.status).toBe(400);
    expect((await tusCreate(creator, { kind: 'document', filename: 'x.pdf' }, 10)).status).toBe(400);
  });
});

describe('content checks', () => {
  it('accepts a real image, makes WebP widths and serves them', async () => {
    const { res, id } = await uploadWhole(creator, { kind: 'image', filename: 'cover.png' }, png);
    expect(res.status).toBe(204);
    expect(res.headers.get('darasa-asset-id')).toBe(id);
    expect(await asset(id)).toMatchObject({ kind: 'image', status: 'ready', ownerId: creator.id });
    const webp = await fetch(`${app.url}/media/${id}/w640.webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(incomingFiles()).not.toContain(id);
  });

  it('accepts a real video, measures it and hands it to processing', async () => {
    const { res, id } = await uploadWhole(creator, { kind: 'video', filename: 'lesson.mp4' }, clip);
    expect(res.status).toBe(204);
    const row = await asset(id);
    expect(row).toMatchObject({ kind: 'video', ownerId: creator.id });
    expect(['uploaded', 'processing']).toContain(row!.status);
    expect(JSON.parse(row!.meta).duration).toBeCloseTo(2, 0);
    expect(fs.existsSync(path.join(app.t.dataDir, 'uploads', `${id}.mp4`))).toBe(true);
  });

  it.each([
    ['mov', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov']],
    ['avi', ['-c:v', 'mpeg4', '-f', 'avi']],
    ['webm', ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm']],
  ])('accepts a real %s video', async (ext, codec) => {
    const file = path.join(app.t.dataDir, `clip.${ext}`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=96x64:rate=10',
      '-t',
      '1',
      ...codec,
      file,
    ]);
    const { res, id } = await uploadWhole(creator, { kind: 'video', filename: `lesson.${ext}` }, fs.readFileSync(file));
    expect(res.status).toBe(204);
    expect((await asset(id))?.kind).toBe('video');
  });

  it.each([
    [
      'a PNG named .mp4',
      () => png,
      'video',
      'lesson.mp4',
      'This file is not a video. Please upload an MP4, MOV, AVI or WebM video.',
    ],
    [
      'a zip named .webm',
      () => zip(),
      'video',
      'lesson.webm',
      'This file is not a video. Please upload an MP4, MOV, AVI or WebM video.',
    ],
    [
      'a video sent as an image',
      () => clip,
      'image',
      'cover.png',
      'This file is not an image. Please upload a PNG, JPG or WebP image.',
    ],
  ])('refuses %s and keeps nothing', async (_name, bytes, kind, filename, message) => {
    const { res, id } = await uploadWhole(creator, { kind, filename }, bytes());
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(message);
    expect(await asset(id)).toBeUndefined();
    expect(fs.readdirSync(path.join(app.t.dataDir, 'uploads')).some((f) => f.startsWith(id))).toBe(false);
    expect(incomingFiles().some((f) => f.startsWith(id))).toBe(false);
  });

  it('refuses a truncated video', async () => {
    const { res, id } = await uploadWhole(
      creator,
      { kind: 'video', filename: 'cut.mp4' },
      clip.subarray(0, Math.floor(clip.length * 0.6)),
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toMatch(/video/i);
    expect(await asset(id)).toBeUndefined();
  });

  it('keeps a hostile file name as harmless text and writes only under uploads/', async () => {
    const name = '../../etc/\u0000pass\u001bwd\u202e.png';
    const { res, id } = await uploadWhole(creator, { kind: 'image', filename: name }, png);
    expect(res.status).toBe(204);
    const meta = JSON.parse((await asset(id))!.meta);
    expect(meta.fileName).toBe('passwd.png');
    expect(fs.existsSync(path.join(app.t.dataDir, 'etc'))).toBe(false);
    expect(fs.existsSync(path.join(app.t.dataDir, 'uploads', `${id}.png`))).toBe(true);
  });
});

describe('resuming', () => {
  it('resumes after the connection drops half-way, without re-sending stored bytes', async () => {
    const created = await tusCreate(creator, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
    const url = created.headers.get('location')!;
    const half = Math.floor(clip.length / 2);
    await sendThenDrop(app, creator, url, clip.subarray(0, half));
    const offset = await waitForOffset(creator, url, (o) => o > 0);
    expect(offset).toBeLessThanOrEqual(half);
    const res = await tusPatch(creator, url, offset, clip.subarray(offset));
    expect(res.status).toBe(204);
    const id = url.split('/').pop()!;
    const stored = fs.readFileSync(path.join(app.t.dataDir, 'uploads', `${id}.mp4`));
    expect(stored.equals(clip)).toBe(true);
  });

  it('refuses a resume from the wrong offset', async () => {
    const created = await tusCreate(creator, { kind: 'image', filename: 'a.png' }, png.length);
    const url = created.headers.get('location')!;
    await tusPatch(creator, url, 0, png.subarray(0, 50));
    expect((await tusPatch(creator, url, 10, png.subarray(10))).status).toBe(409);
    expect(await tusOffset(creator, url)).toBe(50);
  });
});

describe('clean-up', () => {
  it('deletes unfinished uploads after a day, and only those', async () => {
    const created = await tusCreate(creator, { kind: 'video', filename: 'abandoned.mp4' }, clip.length);
    const url = created.headers.get('location')!;
    const id = url.split('/').pop()!;
    await tusPatch(creator, url, 0, clip.subarray(0, 1000));
    const { res, id: finished } = await uploadWhole(creator, { kind: 'image', filename: 'kept.png' }, png);
    expect(res.status).toBe(204);
    // The periodic task's sweep, run at a later time.
    const sweepAt = (later: number) =>
      sweepAbandonedUploads({ ...app.running.services, clock: { now: () => new Date(Date.now() + later) } });
    const hour = 60 * 60 * 1000;
    await sweepAt(hour);
    expect(await tusOffset(creator, url)).toBe(1000);
    await sweepAt(25 * hour);
    expect(await tusOffset(creator, url)).toBeNull();
    expect(incomingFiles().some((f) => f.startsWith(id))).toBe(false);
    expect(fs.existsSync(path.join(app.t.dataDir, 'uploads', `${finished}.png`))).toBe(true);
  });
});

/** A real (empty) zip archive's bytes: its local header magic, then an end-of-central-directory record. */
function zip(): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(200, 7), eocd]);
}
