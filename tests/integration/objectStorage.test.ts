// Media in an S3 bucket (s3rver started here, or the endpoint in TEST_S3_ENDPOINT): a tus upload is kept
// in the bucket as multipart parts while in progress (@tus/s3-store), resumes after a dropped connection
// and ends up as the original in the bucket; the job worker transcodes from there
// and the ladder appears in the bucket, not on disk; the app serves playlists, segments and images from
// it with ranges and validators. With the bucket unreachable, uploads are answered 503 (the client resends),
// a video already checked is held on disk until its job can store it, and an image is refused with a message.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '#server/jobs/jobWorker.ts';
import { jobDefinitions } from '#server/composition/jobTypes.ts';
import { makeClip } from '../support/makeClip.ts';
import { startTestS3, type TestS3 } from '../support/s3Server.ts';
import { startTcpProxy } from '../support/tcpProxy.ts';
import { CHUNK_BYTES, UPLOAD_MESSAGES } from '#common/uploads/uploadRules.ts';
import { newId } from '#server/lib/ids.ts';
import { finishUpload } from '#server/modules/uploads/finishUpload.ts';
import { storeHeldOriginals } from '#server/modules/media/heldOriginals.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';
import { sendThenDrop, tusPatch, uploadWhole, waitForOffset, tusCreate } from '#tests/support/tus.ts';
import { signedIn } from '#tests/support/signedIn.ts';
import { startApp, type App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let s3: TestS3;
let app: App;
let worker: JobWorker;
let creator: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  s3 = await startTestS3();
  cleanups.push(() => s3.stop());
  app = await startApp(cleanups, s3.env);
  worker = startJobWorker(app.running.services, jobDefinitions, { concurrency: 1, pollMs: 50 });
  cleanups.push(() => worker.stop());
  creator = await signedIn(app, 'creator');
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const asset = (id: string) =>
  app.t.db.selectFrom('mediaAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const onDisk = (...p: string[]) => fs.existsSync(path.join(app.t.dataDir, ...p));

/** The asset once processing ended; transcoding on a loaded machine can take a while. */
function untilSettled(id: string) {
  return eventually(
    async () => {
      const a = await asset(id);
      return (a.status === 'ready' || a.status === 'failed') && a;
    },
    { timeout: 100_000, interval: 100 },
  );
}

describe('videos in object storage', () => {
  let id: string;
  let clip: Buffer;

  it('keeps an upload in progress as multipart parts in the bucket, resumes it after a dropped connection, and stores the original there', async () => {
    // Larger than one chunk, so it is stored as two parts.
    clip = fs.readFileSync(
      await makeClip(path.join(app.t.dataDir, 'clip.mp4'), { width: 854, height: 480, seconds: 6, lossless: true }),
    );
    expect(clip.length).toBeGreaterThan(CHUNK_BYTES);
    const created = await tusCreate(creator, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
    const url = created.headers.get('location')!;
    id = url.split('/').pop()!;
    expect(url).toBe(`/api/uploads/${id}`);
    const first = await tusPatch(creator, url, 0, clip.subarray(0, CHUNK_BYTES));
    expect([first.status, first.headers.get('upload-offset')]).toEqual([204, String(CHUNK_BYTES)]);
    // In the bucket, not on this machine: any process of any machine can take the upload over.
    expect(await s3.keys('uploads/incoming/')).toContain(`uploads/incoming/${id}.info`);
    expect(fs.existsSync(path.join(app.t.dataDir, 'uploads', 'incoming', id))).toBe(false);

    // The phone loses signal during the second chunk: what that chunk carried is not a whole part, so the
    // upload resumes from the end of the first.
    await sendThenDrop(app, creator, url, clip.subarray(CHUNK_BYTES, CHUNK_BYTES + 200_000));
    const offset = await waitForOffset(creator, url, (o) => o >= CHUNK_BYTES);
    expect(offset).toBeLessThanOrEqual(CHUNK_BYTES + 200_000);
    const res = await tusPatch(creator, url, offset, clip.subarray(offset));
    expect(res.status).toBe(204);
    expect((await s3.object(`uploads/${id}.mp4`))?.equals(clip)).toBe(true);
    // The upload's own objects are gone once it is an asset.
    expect(await s3.keys(`uploads/incoming/${id}`)).toEqual([]);
    expect(onDisk('uploads', `${id}.mp4`)).toBe(false);
  });

  it('transcodes from the bucket into the bucket, leaving nothing on disk', { timeout: 120_000 }, async () => {
    worker.wake();
    expect((await untilSettled(id)).status).toBe('ready');
    const keys = await s3.keys(`media/${id}/`);
    expect(keys).toContain(`media/${id}/master.m3u8`);
    expect(keys).toContain(`media/${id}/240p/index.m3u8`);
    expect(keys).toContain(`media/${id}/poster.webp`);
    expect(keys.some((k) => /\/240p\/seg_\d+\.m4s$/.test(k))).toBe(true);
    expect(onDisk('media', id)).toBe(false);
    const work = path.join(app.t.dataDir, 'work');
    expect(fs.existsSync(work) ? fs.readdirSync(work) : []).toEqual([]);
  });

  it('serves the master playlist and segments from the bucket, with ranges and validators', async () => {
    const token = app.running.services.mediaTokens.sign(id, 'private');
    const base = `${app.url}/media/s/${token}/${id}`;
    const master = await fetch(`${base}/master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await master.text()).toBe((await s3.object(`media/${id}/master.m3u8`))!.toString('utf8'));

    const segKey = (await s3.keys(`media/${id}/240p/seg_`))[0]!;
    const segment = (await s3.object(segKey))!;
    const segUrl = `${base}/240p/${segKey.split('/').pop()}`;
    const part = await fetch(segUrl, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${segment.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(segment.subarray(100, 1100))).toBe(true);

    const tail = await fetch(segUrl, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(segment.subarray(-10))).toBe(true);
    expect((await fetch(segUrl, { headers: { range: `bytes=${segment.length}-` } })).status).toBe(416);

    const head = await fetch(segUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(segment.length));
    const etag = head.headers.get('etag')!;
    expect(head.headers.get('last-modified')).toBeTruthy();
    expect((await fetch(segUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);

    expect((await fetch(`${base}/240p/seg_99999.m4s`)).status).toBe(404);
  });

  it('lists an offline download from the bucket, with sizes that match what is served', async () => {
    const owner = await app.t.db
      .selectFrom('user')
      .select(['id', 'name'])
      .where('id', '=', creator.id)
      .executeTakeFirstOrThrow();
    const course = await make.course(app.t.db, { creator: owner });
    const episode = await make.episode(app.t.db, { courseId: course.id, position: 1, duration: 3, videoId: id });
    const res = await creator.request(`/api/offline/episodes/${episode.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      base: string;
      options: { quality: string; files: { path: string; bytes: number }[] }[];
    };
    const low = body.options.find((o) => o.quality === '240p')!;
    expect(low.files.map((f) => f.path)).toContain('240p/index.m3u8');
    for (const f of low.files) {
      expect(f.bytes).toBe((await s3.object(`media/${id}/${f.path}`))!.length);
      const got = await creator.request(`${body.base}/${f.path}`);
      expect([f.path, got.status, (await got.arrayBuffer()).byteLength]).toEqual([f.path, 200, f.bytes]);
    }
  });

  it('takes an upload from tus-js-client, the studio’s own client, in chunks of the studio’s size', async () => {
    const { Upload } = await import('tus-js-client');
    const headers = { cookie: creator.cookieHeader, origin: new URL(app.url).origin };
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(clip, {
        endpoint: `${app.url}/api/uploads`,
        chunkSize: CHUNK_BYTES,
        metadata: { filename: 'again.mp4', kind: 'video' },
        headers,
        retryDelays: [],
        onSuccess: () => resolve(upload.url!),
        onError: reject,
      });
      upload.start();
    });
    const again = url.split('/').pop()!;
    expect((await s3.object(`uploads/${again}.mp4`))?.equals(clip)).toBe(true);
    // Queued for the worker, which may already have started on it.
    expect(['processing', 'ready']).toContain((await asset(again)).status);
  });
});

describe('images in object storage', () => {
  it('stores the original and the WebP widths in the bucket and serves them, og.jpg too', async () => {
    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const { res, id } = await uploadWhole(creator, { kind: 'image', filename: 'cover.png' }, png);
    expect(res.status).toBe(204);
    expect((await asset(id)).status).toBe('ready');
    expect((await s3.object(`uploads/${id}.png`))?.equals(png)).toBe(true);
    expect(await s3.keys(`media/${id}/`)).toEqual(
      expect.arrayContaining([`media/${id}/w640.webp`, `media/${id}/og.jpg`]),
    );
    expect(onDisk('media', id)).toBe(false);

    const webp = await fetch(`${app.url}/media/${id}/w640.webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await webp.arrayBuffer()).equals((await s3.object(`media/${id}/w640.webp`))!)).toBe(true);
    const og = await fetch(`${app.url}/media/${id}/og.jpg`);
    expect(og.status).toBe(200);
    expect(og.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await og.arrayBuffer())).metadata()).width).toBe(1200);

    // An image from before og.jpg existed gets one made from its largest WebP on first request, kept in the bucket.
    await app.running.services.storage.remove(`media/${id}/og.jpg`);
    expect(await s3.object(`media/${id}/og.jpg`)).toBeNull();
    expect((await fetch(`${app.url}/media/${id}/og.jpg`)).status).toBe(200);
    expect(await s3.object(`media/${id}/og.jpg`)).not.toBeNull();
  });

  it('refuses a file that is not an image and keeps nothing of it', async () => {
    const { res, id } = await uploadWhole(creator, { kind: 'image', filename: 'x.png' }, Buffer.alloc(2000, 7));
    expect(res.status).toBe(422);
    expect(await s3.keys(`uploads/${id}`)).toEqual([]);
    expect(await s3.keys(`media/${id}`)).toEqual([]);
  });
});

describe('with the bucket unreachable', () => {
  let down: App;
  let who: Awaited<ReturnType<typeof signedIn>>;
  let bucket: TestS3;
  let network: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    bucket = await startTestS3({ local: true });
    cleanups.push(() => bucket.stop());
    network = await startTcpProxy(bucket.env.S3_ENDPOINT!);
    cleanups.push(() => network.close());
    down = await startApp(cleanups, { ...bucket.env, S3_ENDPOINT: network.url });
    who = await signedIn(down, 'creator');
  });
  /** A finished video upload checked and stored with the bucket cut off (left cut). */
  async function checkedWhileCut(name: string) {
    const file = await makeClip(path.join(down.t.dataDir, name), { width: 426, height: 240, seconds: 2 });
    const clip = fs.readFileSync(file);
    const id = newId();
    network.cut();
    const asset = await finishUpload(down.running.services, {
      id,
      path: file,
      kind: 'video',
      ownerId: who.id,
      fileName: name,
    });
    return { id, clip, asset };
  }
  /** Runs the job worker until the asset is processed; its final status. */
  async function processed(id: string) {
    const jobs = startJobWorker(down.running.services, jobDefinitions, { concurrency: 1, pollMs: 50 });
    try {
      return await eventually(
        async () => {
          const a = await down.t.db
            .selectFrom('mediaAsset')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          return (a.status === 'ready' || a.status === 'failed') && a.status;
        },
        { timeout: 100_000, interval: 100 },
      );
    } finally {
      await jobs.stop();
    }
  }

  it('answers 503 with a message the client can retry on, and the upload completes once the bucket is back', async () => {
    const clip = fs.readFileSync(
      await makeClip(path.join(down.t.dataDir, 'short.mp4'), { width: 426, height: 240, seconds: 2 }),
    );
    network.cut();
    const refused = await tusCreate(who, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
    expect([refused.status, await refused.text()]).toEqual([503, UPLOAD_MESSAGES.storageUnreachable]);

    network.restore();
    const created = await tusCreate(who, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
    const url = created.headers.get('location')!;
    const half = Math.floor(clip.length / 2);
    network.cut();
    const cut = await tusPatch(who, url, 0, clip.subarray(0, half));
    expect([cut.status, await cut.text()]).toEqual([503, UPLOAD_MESSAGES.storageUnreachable]);
    network.restore();
    const offset = await waitForOffset(who, url, () => true);
    const res = await tusPatch(who, url, offset, clip.subarray(offset));
    expect(res.status).toBe(204);
    const id = url.split('/').pop()!;
    expect((await bucket.object(`uploads/${id}.mp4`))?.equals(clip)).toBe(true);
  });

  it('a video checked while the bucket went away is held on disk, and its job stores and transcodes it once the bucket is back', {
    timeout: 120_000,
  }, async () => {
    const { id, clip, asset } = await checkedWhileCut('held.mp4');
    network.restore();
    expect(asset.status).toBe('queued');
    const held = path.join(down.t.dataDir, 'uploads', 'held', `${id}.mp4`);
    expect(fs.readFileSync(held).equals(clip)).toBe(true);
    expect(await bucket.keys(`uploads/${id}`)).toEqual([]);

    expect(await processed(id)).toBe('ready');
    expect((await bucket.object(`uploads/${id}.mp4`))?.equals(clip)).toBe(true);
    expect(await bucket.keys(`media/${id}/`)).toContain(`media/${id}/master.m3u8`);
    expect(fs.existsSync(held)).toBe(false);
  });

  it('a held original is stored by the web process once the bucket is back, and a job that failed without it runs again', {
    timeout: 120_000,
  }, async () => {
    const { id, clip } = await checkedWhileCut('held2.mp4');
    // As when the job ran on a worker of another machine, where the held file is not: it failed.
    await expect(storeHeldOriginals(down.running.services)).rejects.toThrow();
    network.restore();
    const { db } = down.t;
    const { jobId } = await db.selectFrom('mediaAsset').select('jobId').where('id', '=', id).executeTakeFirstOrThrow();
    await db.updateTable('job').set({ status: 'failed' }).where('id', '=', jobId!).execute();
    await db
      .updateTable('mediaAsset')
      .set({ status: 'failed', error: 'original missing' })
      .where('id', '=', id)
      .execute();

    expect(await storeHeldOriginals(down.running.services)).toBe(1);
    expect((await bucket.object(`uploads/${id}.mp4`))?.equals(clip)).toBe(true);
    expect(fs.existsSync(path.join(down.t.dataDir, 'uploads', 'held', `${id}.mp4`))).toBe(false);
    const again = await db.selectFrom('job').select('status').where('id', '=', jobId!).executeTakeFirstOrThrow();
    expect(again.status).toBe('queued');
    expect(await processed(id)).toBe('ready');
  });

  it('an image checked while the bucket went away is refused with a message saying to try again, nothing kept', async () => {
    const file = path.join(down.t.dataDir, 'cover.png');
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#885522' } })
      .png()
      .toFile(file);
    const id = newId();
    network.cut();
    const refused = finishUpload(down.running.services, {
      id,
      path: file,
      kind: 'image',
      ownerId: who.id,
      fileName: 'cover.png',
    });
    await expect(refused).rejects.toMatchObject({ code: 'provider_unavailable', message: UPLOAD_MESSAGES.storageDown });
    network.restore();
    const row = await down.t.db.selectFrom('mediaAsset').select('id').where('id', '=', id).executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await bucket.keys(`media/${id}`)).toEqual([]);
  });
});
