// Downloads for offline viewing through the real server: only an entitled learner gets a download manifest
// (whose signed files are fetchable), the device's entitlement check answers with the grant alone and drops
// refunded or suspended learners' episodes, and the `darasa_u` cookie follows who is signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids.ts';
import { makeReadyVideo } from '../support/makeReadyVideo.ts';
import { make } from '#tests/support/factories/index.ts';
import { getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let courseId: string;
const ep: Record<number, string> = {};

beforeAll(async () => {
  cast = await startCast(cleanups);
  const { db, dataDir } = cast.app.t;
  const owner = await db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', cast.creator.id)
    .executeTakeFirstOrThrow();
  courseId = (await make.course(db, { creator: owner })).id;
  for (const n of [1, 2])
    ep[n] = (
      await make.episode(db, {
        courseId,
        position: n,
        duration: 6,
        videoId: await makeReadyVideo(db, dataDir, owner.id),
      })
    ).id;
  await make.enrollment(db, { userId: cast.customer.id, courseId });
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('download manifest', () => {
  it('gives an enrolled learner each quality with its files, under a signed URL that serves them', async () => {
    const { status, body } = await getJson(cast.customer, `/api/offline/episodes/${ep[2]}`);
    expect(status).toBe(200);
    // The ladder's two rungs for this clip, and the audio-only variant ("Listen only").
    expect(body.options.map((o: { quality: string }) => o.quality)).toEqual(['240p', '360p', 'audio']);
    const listen = body.options[2];
    expect(listen.master).toMatch(/\naudio\/index\.m3u8\n$/);
    expect(listen.master).not.toMatch(/240p|360p/);
    const low = body.options[0];
    expect(low.master).toMatch(/#EXT-X-STREAM-INF:.*\n240p\/index\.m3u8\n$/);
    expect(low.master).not.toContain('360p');
    expect(low.files.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['240p/index.m3u8', expect.stringMatching(/^240p\/init/), expect.stringMatching(/seg_/)]),
    );
    let total = 0;
    for (const f of low.files as { path: string; bytes: number }[]) {
      const res = await cast.customer.request(`${body.base}/${f.path}?dl=1`);
      expect([f.path, res.status]).toEqual([f.path, 200]);
      expect((await res.arrayBuffer()).byteLength).toBe(f.bytes);
      total += f.bytes;
    }
    expect(low.bytes).toBe(total);
  });

  it('gives a device that plays AV1 and Opus those renditions, with their own sizes; a bad value means H.264', async () => {
    const { body } = await getJson(cast.customer, `/api/offline/episodes/${ep[2]}?plays=av1,opus`);
    expect(body.options.map((o: { quality: string }) => o.quality)).toEqual(['240p', '360p', 'audio']);
    const [low, , listen] = body.options;
    expect(low.master).toMatch(/CODECS="av01\.[^"]*,opus"\n240p-av1\/index\.m3u8\n$/);
    expect(low.files.map((f: { path: string }) => f.path)).toContain('240p-av1/index.m3u8');
    expect(listen.master).toMatch(/\naudio-opus\/index\.m3u8\n$/);
    const h264 = (await getJson(cast.customer, `/api/offline/episodes/${ep[2]}`)).body.options[0];
    expect(low.bytes).not.toBe(h264.bytes);
    // Only Opus: AV1 is not taken without it; anything unknown is ignored.
    const opusOnly = (await getJson(cast.customer, `/api/offline/episodes/${ep[2]}?plays=opus`)).body.options;
    expect(opusOnly[0].master).toMatch(/\n240p\/index\.m3u8\n$/);
    expect(opusOnly[2].master).toMatch(/\naudio-opus\/index\.m3u8\n$/);
    const bad = await getJson(cast.customer, `/api/offline/episodes/${ep[2]}?plays=${'x'.repeat(500)}`);
    expect(bad.status).toBe(200);
    expect(bad.body.options[0].master).toMatch(/\n240p\/index\.m3u8\n$/);
  });

  it('refuses visitors, learners without the course, and ids that are not ours', async () => {
    expect((await getJson(cast.visitor, `/api/offline/episodes/${ep[2]}`)).status).toBe(401);
    const stranger = await getJson(cast.admin, `/api/offline/episodes/${newId()}`);
    expect(stranger.status).toBe(404);
    for (const bad of ['..%2F..%2Fetc', 'x'.repeat(80), '%00']) {
      const r = await getJson(cast.customer, `/api/offline/episodes/${bad}`);
      expect([bad, r.status]).toEqual([bad, 404]);
    }
  });
});

describe('entitlement check', () => {
  const grantOf = async () => (await getJson(cast.customer, `/api/offline/episodes/${ep[2]}`)).body.grant as string;

  it('lists the episodes the learner may keep, answering to the grant without a session', async () => {
    const grant = await grantOf();
    const r = await postJson(cast.visitor, '/api/offline/check', {
      userId: cast.customer.id,
      grant,
      episodeIds: [ep[1], ep[2], newId()],
    });
    expect(r.status).toBe(200);
    expect(r.body.entitled.sort()).toEqual([ep[1], ep[2]].sort());
  });

  it('refuses a grant made for someone else or forged, and bad input, with a 4xx', async () => {
    const grant = await grantOf();
    expect(
      (await postJson(cast.visitor, '/api/offline/check', { userId: cast.creator.id, grant, episodeIds: [ep[2]] }))
        .status,
    ).toBe(403);
    expect(
      (
        await postJson(cast.visitor, '/api/offline/check', {
          userId: cast.customer.id,
          grant: `9999999999.${'a'.repeat(32)}`,
          episodeIds: [ep[2]],
        })
      ).status,
    ).toBe(403);
    for (const body of [{}, { userId: cast.customer.id, grant, episodeIds: 'x' }, [1], null]) {
      const r = await postJson(cast.visitor, '/api/offline/check', body);
      expect([body, r.status]).toEqual([body, 400]);
    }
  });

  it('drops a refunded learner’s episodes (episode 1 stays: it is free) and everything of a suspended one', async () => {
    const grant = await grantOf();
    const { db } = cast.app.t;
    await db.deleteFrom('enrollment').where('userId', '=', cast.customer.id).execute();
    const refunded = await postJson(cast.visitor, '/api/offline/check', {
      userId: cast.customer.id,
      grant,
      episodeIds: [ep[1], ep[2]],
    });
    expect(refunded.body.entitled).toEqual([ep[1]]);
    await db.updateTable('user').set({ status: 'suspended' }).where('id', '=', cast.customer.id).execute();
    const suspended = await postJson(cast.visitor, '/api/offline/check', {
      userId: cast.customer.id,
      grant,
      episodeIds: [ep[1], ep[2]],
    });
    expect(suspended.body.entitled).toEqual([]);
  });
});

describe('the darasa_u cookie', () => {
  it('names the signed-in account’s storage and is cleared once nobody is signed in', async () => {
    await cast.creator.request('/api/offline/episodes/x');
    // Any request past the session middleware keeps the cookie in step (/healthz and /metrics answer before it).
    await cast.admin.request('/api/offline/episodes/x');
    const creatorKey = cast.creator.cookies.get('darasa_u');
    const adminKey = cast.admin.cookies.get('darasa_u');
    expect(creatorKey).toMatch(/^[\w-]{32}$/);
    expect(adminKey).toMatch(/^[\w-]{32}$/);
    expect(creatorKey).not.toBe(adminKey);
    expect(creatorKey).not.toContain(cast.creator.id);
    cast.visitor.cookies.set('darasa_u', creatorKey!);
    await cast.visitor.request('/api/offline/episodes/x');
    expect(cast.visitor.cookies.has('darasa_u')).toBe(false);
  });
});
