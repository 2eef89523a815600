// Who reaches which video, through the real server: tokens are issued only to those the playback rules
// admit, a token opens its own asset only, and every malformed, tampered, expired, foreign or sneaky
// request is refused with a 4xx — never a 500, never the original upload.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReadyVideo } from '../support/makeReadyVideo.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, signedUpClient } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
/** The running server's own token signer. */
const tokens = () => cast.app.running.services.mediaTokens;
let otherCustomer: Client;
let otherCreator: Client;
const v = { trailer: '', ep1: '', ep2: '', draft1: '' };

const signUp = (role: 'customer' | 'creator') => signedUpClient(cast.app.url, role);

beforeAll(async () => {
  cast = await startCast(cleanups);
  otherCustomer = await signUp('customer');
  otherCreator = await signUp('creator');
  const { db, dataDir } = cast.app.t;
  const owner = await db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', cast.creator.id)
    .executeTakeFirstOrThrow();
  for (const k of Object.keys(v) as (keyof typeof v)[]) v[k] = await makeReadyVideo(db, dataDir, owner.id);
  const course = await make.course(db, { creator: owner, trailerId: v.trailer });
  await make.episode(db, { courseId: course.id, position: 1, videoId: v.ep1 });
  await make.episode(db, { courseId: course.id, position: 2, videoId: v.ep2 });
  const draft = await make.course(db, { creator: owner, published: false, publishedAt: null });
  await make.episode(db, { courseId: draft.id, position: 1, videoId: v.draft1 });
  await make.enrollment(db, { userId: cast.customer.id, courseId: course.id });
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Asks for a playback source; on success fetches its master, a rendition playlist and a segment. */
async function play(client: Client, assetId: string): Promise<number> {
  const res = await client.request(`/media/play/${assetId}`);
  if (res.status !== 200) {
    await res.arrayBuffer();
    return res.status;
  }
  const { src } = (await res.json()) as { src: string };
  expect(src).toMatch(new RegExp(`^/media/s/[^/]+/${assetId}/master\\.m3u8$`));
  const visitor = new Client(cast.app.url); // the token alone must suffice: no cookies
  const master = await visitor.request(src);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  const rendition = (await master.text()).split('\n').find((l) => l && !l.startsWith('#'))!;
  const base = src.replace(/master\.m3u8$/, '');
  const playlist = await visitor.request(base + rendition);
  expect(playlist.status).toBe(200);
  const segment = (await playlist.text()).split('\n').find((l) => l.endsWith('.m4s'))!;
  const seg = await visitor.request(base + rendition.replace(/[^/]+$/, segment));
  expect(seg.status).toBe(200);
  expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(0);
  return 200;
}

describe('playback authorization matrix', () => {
  const who = () => ({
    visitor: cast.visitor,
    otherCustomer,
    enrolledCustomer: cast.customer,
    otherCreator,
    owner: cast.creator,
    admin: cast.admin,
  });

  it('plays the trailer and episode 1 of a published course for everyone', async () => {
    for (const [name, client] of Object.entries(who())) {
      expect([name, await play(client, v.trailer)]).toEqual([name, 200]);
      expect([name, await play(client, v.ep1)]).toEqual([name, 200]);
    }
  });

  it('plays other episodes only for enrolled learners, the creator and admins', async () => {
    const expected = {
      visitor: 404,
      otherCustomer: 404,
      enrolledCustomer: 200,
      otherCreator: 404,
      owner: 200,
      admin: 200,
    };
    const got: Record<string, number> = {};
    for (const [name, client] of Object.entries(who())) got[name] = await play(client, v.ep2);
    expect(got).toEqual(expected);
  });

  it('keeps a draft course videos to its creator and admins, even episode 1', async () => {
    const expected = {
      visitor: 404,
      otherCustomer: 404,
      enrolledCustomer: 404,
      otherCreator: 404,
      owner: 200,
      admin: 200,
    };
    const got: Record<string, number> = {};
    for (const [name, client] of Object.entries(who())) got[name] = await play(client, v.draft1);
    expect(got).toEqual(expected);
  });
});

describe('playback tokens', () => {
  const master = (token: string, assetId: string) => cast.visitor.request(`/media/s/${token}/${assetId}/master.m3u8`);

  it('refuses a missing, malformed, tampered, expired or foreign token', async () => {
    const good = tokens().sign(v.ep2, 'private');
    expect((await master(good, v.ep2)).status).toBe(200);
    const [exp, sig] = good.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const refused = {
      'no token': cast.visitor.request(`/media/${v.ep2}/master.m3u8`),
      'empty token': cast.visitor.request(`/media/s//${v.ep2}/master.m3u8`),
      'tampered signature': master(`${exp}.${flip(sig, 5)}`, v.ep2),
      'later expiry, same signature': master(`${Number(exp) + 3600}.${sig}`, v.ep2),
      expired: master(tokens().signUntil(v.ep2, Math.floor(Date.now() / 1000) - 1), v.ep2),
      'token of another video': master(tokens().sign(v.ep1, 'public'), v.ep2),
      garbage: master('not-a-token', v.ep2),
      'too long': master(`${exp}.${sig}${'x'.repeat(5000)}`, v.ep2),
      unicode: master(encodeURIComponent('٣٣٣٣٣٣٣٣٣٣.ü'), v.ep2),
      'bad asset id': master(good, 'not%20an%20id'),
      'unknown asset': master(tokens().sign('nope123', 'private'), 'nope123'),
    };
    for (const [name, res] of Object.entries(refused)) {
      const r = await res;
      await r.arrayBuffer();
      expect([name, r.status >= 400 && r.status < 500]).toEqual([name, true]);
    }
  });

  it('serves no path outside the processed files: no `../`, no originals, no other files', async () => {
    const { dataDir } = cast.app.t;
    const token = tokens().sign(v.ep1, 'public');
    fs.writeFileSync(path.join(dataDir, 'media', v.ep1, 'original.mp4'), 'pretend original');
    const paths = [
      `/media/s/${token}/${v.ep1}/..%2F..%2Fdarasa.sqlite`,
      `/media/s/${token}/${v.ep1}/240p/..%2F..%2F..%2Fmedia-token.secret`,
      `/media/s/${token}/${v.ep1}/%2E%2E/master.m3u8`,
      `/media/s/${token}/${v.ep1}/240p/..%5C..%5Cmaster.m3u8`,
      `/media/s/${token}/${v.ep1}/original.mp4`,
      `/media/s/${token}/${v.ep1}/240p/original.mp4`,
      `/media/s/${token}/${v.ep1}/poster.webp/..`,
      `/media/${v.ep1}/original.mp4`,
      `/media/${v.ep1}/master.m3u8`,
      `/media/${v.ep1}/..%2F..%2Fmedia-token.secret`,
      `/media/..%2Fmedia-token.secret/poster.webp`,
      '/uploads/anything.mp4',
      '/media/token/x',
    ];
    for (const p of paths) {
      const r = await cast.visitor.request(p);
      const body = Buffer.from(await r.arrayBuffer()).toString('latin1');
      expect([p, r.status < 300 && !body.includes('<html')]).toEqual([p, false]);
      expect([p, r.status]).not.toEqual([p, 500]);
      expect(body).not.toContain('pretend original');
    }
    // Images stay public, without a token.
    expect((await cast.visitor.request(`/media/${v.ep1}/poster.webp`)).status).toBe(200);
  });

  it('answers byte ranges, and 416 for ranges past the end', async () => {
    const token = tokens().sign(v.ep1, 'public');
    const url = `/media/s/${token}/${v.ep1}/240p/seg_00000.m4s`;
    const whole = await cast.visitor.request(url);
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await cast.visitor.request(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=abc', 'bytes=5-2', 'bytes=-']) {
      const r = await cast.visitor.request(url, { headers: { range } });
      await r.arrayBuffer();
      expect([range, r.status]).toEqual([range, 416]);
    }
  });
});
