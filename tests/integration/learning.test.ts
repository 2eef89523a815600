// Saving positions, resuming, completion, My Courses and reviews through the real server, with every bad
// report refused (4xx) and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool, toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { listMyCourses } from '#server/modules/learning/listMyCourses.ts';
import { makeReadyVideo } from '../support/makeReadyVideo.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let second: Client & { id: string };
let outsider: Client & { id: string };
let courseId: string;
const ep: Record<number, string> = {};

beforeAll(async () => {
  cast = await startCast(cleanups);
  const { db, dataDir } = cast.app.t;
  const signUp = async () => {
    const c = new Client(cast.app.url);
    const reg = newRegistration({ role: 'customer' });
    await c.register(reg);
    await c.signIn(reg.email, reg.password);
    const { id } = await db.selectFrom('user').select('id').where('email', '=', reg.email).executeTakeFirstOrThrow();
    return Object.assign(c, { id });
  };
  second = await signUp();
  outsider = await signUp();
  const owner = await db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', cast.creator.id)
    .executeTakeFirstOrThrow();
  const course = await make.course(db, { creator: owner });
  courseId = course.id;
  for (const n of [1, 2, 3])
    ep[n] = (
      await make.episode(db, {
        courseId,
        position: n,
        duration: 60,
        videoId: await makeReadyVideo(db, dataDir, owner.id),
      })
    ).id;
  for (const userId of [cast.customer.id, second.id]) {
    await db
      .insertInto('enrollment')
      .values({ id: newId(), userId, courseId, paymentId: null, createdAt: new Date() })
      .execute();
  }
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const as = (c: { id: string }, role: 'customer' | 'creator' | 'admin') => ({ userId: c.id, role });
const rows = async () => cast.app.t.db.selectFrom('progress').selectAll().orderBy('updatedAt').execute();
const saved = async (userId: string, episodeId: string) =>
  cast.app.t.db
    .selectFrom('progress')
    .selectAll()
    .where('userId', '=', userId)
    .where('episodeId', '=', episodeId)
    .executeTakeFirst();

describe('progress', () => {
  it('saves the position, marks completion at 90 % for good, and resumes there', async () => {
    expect((await postJson(cast.customer, '/api/learning/progress', { episodeId: ep[2], position: 30.5 })).status).toBe(
      200,
    );
    expect(toNum((await saved(cast.customer.id, ep[2]!))!.position)).toBe(30.5);
    let page = await getLearnPage(cast.app.running.services, as(cast.customer, 'customer'), { courseId, order: 2 });
    expect(page.status === 'ok' && page.page.current.resumeAt).toBe(30.5);
    expect(page.status === 'ok' && page.page.current.source?.src).toMatch(
      /^\/media\/s\/\d{10}\.[\w-]{32}\/\w+\/master\.m3u8$/,
    );

    const r = await postJson(cast.customer, '/api/learning/progress', { episodeId: ep[2], position: 54 });
    expect(r.body).toEqual({ completed: true });
    // A beacon on leaving: text/plain body.
    const beacon = await cast.customer.request('/api/learning/progress', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ episodeId: ep[2], position: 12 }),
    });
    expect(beacon.status).toBe(200);
    const row = (await saved(cast.customer.id, ep[2]!))!;
    expect([toNum(row.position), toBool(row.completed)]).toEqual([12, true]);
    page = await getLearnPage(cast.app.running.services, as(cast.customer, 'customer'), { courseId, order: 2 });
    expect(page.status === 'ok' && page.page.episodes.map((e) => e.completed)).toEqual([false, true, false]);
  });

  it('keeps the most recently recorded position when an offline report arrives late', async () => {
    const now = Date.now();
    // Watched to 40 s on a phone a minute ago (online), then an older offline report from a tablet arrives.
    await postJson(cast.customer, '/api/learning/progress', {
      episodeId: ep[3],
      position: 40,
      recordedAt: now - 60_000,
    });
    const late = await postJson(cast.customer, '/api/learning/progress', {
      episodeId: ep[3],
      position: 55,
      recordedAt: now - 3_600_000,
    });
    expect(late.status).toBe(200);
    let row = (await saved(cast.customer.id, ep[3]!))!;
    // The position stays the newer one; the old report still counted its completion (55 s of 60 s).
    expect([toNum(row.position), toBool(row.completed)]).toEqual([40, true]);
    // A report recorded after the stored one wins.
    await postJson(cast.customer, '/api/learning/progress', { episodeId: ep[3], position: 20, recordedAt: now - 1000 });
    row = (await saved(cast.customer.id, ep[3]!))!;
    expect([toNum(row.position), toBool(row.completed)]).toEqual([20, true]);
    // A clock far in the future is refused as input rather than trusted.
    const bad = await postJson(cast.customer, '/api/learning/progress', {
      episodeId: ep[3],
      position: 1,
      recordedAt: 8e15,
    });
    expect(bad.status).toBe(400);
  });

  it('refuses bad reports with a 4xx and stores nothing', async () => {
    const before = await rows();
    const bad: [Client, unknown, number][] = [
      [cast.visitor, { episodeId: ep[2], position: 5 }, 401],
      [outsider, { episodeId: ep[2], position: 5 }, 404],
      [cast.customer, { episodeId: newId(), position: 5 }, 404],
      [cast.customer, { episodeId: ep[3], position: -1 }, 400],
      [cast.customer, { episodeId: ep[3], position: 66 }, 400],
      [cast.customer, { episodeId: ep[3], position: 1e12 }, 400],
      [cast.customer, { episodeId: ep[3], position: '10' }, 400],
      [cast.customer, { episodeId: ep[3], position: null }, 400],
      [cast.customer, { episodeId: '../../etc/passwd', position: 1 }, 400],
      [cast.customer, { episodeId: ep[3] }, 400],
      [cast.customer, [1, 2], 400],
      [cast.customer, { episodeId: ep[3], position: 5, recordedAt: 'yesterday' }, 400],
      [cast.customer, { episodeId: ep[3], position: 5, recordedAt: 1.5 }, 400],
    ];
    for (const [client, body, status] of bad) {
      const r = await postJson(client, '/api/learning/progress', body);
      expect([body, r.status]).toEqual([body, status]);
    }
    for (const raw of ['{', '', 'null', '{"episodeId":"x","position":NaN}', 'x'.repeat(10_000)]) {
      const r = await cast.customer.request('/api/learning/progress', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect(await rows()).toEqual(before);
  });

  it('shows enrolled courses in My Courses with progress and a continue link', async () => {
    await postJson(second, '/api/learning/progress', { episodeId: ep[1], position: 58 });
    const [mine] = await listMyCourses(cast.app.running.services, as(second, 'customer'));
    expect(mine).toMatchObject({
      id: courseId,
      lessonsCount: 3,
      completedCount: 1,
      percent: 33,
      continueUrl: `/learn/${courseId}/2`,
    });
    await postJson(second, '/api/learning/progress', { episodeId: ep[3], position: 10 });
    expect((await listMyCourses(cast.app.running.services, as(second, 'customer')))[0]!.continueUrl).toBe(
      `/learn/${courseId}/3`,
    );
    expect(await listMyCourses(cast.app.running.services, as(outsider, 'customer'))).toEqual([]);
  });

  it('opens the learning page only to enrolled learners, the creator and admins', async () => {
    const status = async (actor: Parameters<typeof getLearnPage>[1]) =>
      (await getLearnPage(cast.app.running.services, actor, { courseId, order: 3 })).status;
    expect(await status(as(cast.customer, 'customer'))).toBe('ok');
    expect(await status(as(cast.creator, 'creator'))).toBe('ok');
    expect(await status(as(cast.admin, 'admin'))).toBe('ok');
    expect(await status({ userId: outsider.id, role: 'customer' })).toBe('no-access');
    expect(await status(null)).toBe('no-access');
    expect(
      (await getLearnPage(cast.app.running.services, as(cast.customer, 'customer'), { courseId, order: 9 })).status,
    ).toBe('not-found');
  });
});

describe('reviews', () => {
  const course = () =>
    cast.app.t.db
      .selectFrom('course')
      .select(['ratingAvg', 'ratingCount'])
      .where('id', '=', courseId)
      .executeTakeFirstOrThrow();

  it('lets each enrolled learner rate once, editable, and keeps the average', async () => {
    expect((await course()).ratingAvg).toBeNull();
    expect(
      (
        await postJson(cast.customer, '/api/learning/reviews', {
          courseId,
          rating: 4,
          comment: '  Clear and practical  ',
        })
      ).body,
    ).toEqual({ ratingAvg: 4, ratingCount: 1 });
    expect((await postJson(cast.customer, '/api/learning/reviews', { courseId, rating: 2 })).body).toEqual({
      ratingAvg: 2,
      ratingCount: 1,
    });
    expect((await postJson(second, '/api/learning/reviews', { courseId, rating: 5 })).body).toEqual({
      ratingAvg: 3.5,
      ratingCount: 2,
    });
    const c = await course();
    expect([toNum(c.ratingAvg), toNum(c.ratingCount)]).toEqual([3.5, 2]);
    const page = await getLearnPage(cast.app.running.services, as(cast.customer, 'customer'), { courseId, order: 1 });
    expect(page.status === 'ok' && page.page.review).toEqual({ allowed: true, mine: { rating: 2, comment: '' } });
  });

  it('refuses reviews from others and bad ratings, changing nothing', async () => {
    const before = await course();
    const count = async () => (await cast.app.t.db.selectFrom('review').select('id').execute()).length;
    const n = await count();
    const bad: [Client, unknown, number][] = [
      [cast.visitor, { courseId, rating: 5 }, 401],
      [outsider, { courseId, rating: 5 }, 403],
      [cast.creator, { courseId, rating: 5 }, 403],
      [cast.customer, { courseId: newId(), rating: 5 }, 404],
      [cast.customer, { courseId, rating: 0 }, 400],
      [cast.customer, { courseId, rating: 6 }, 400],
      [cast.customer, { courseId, rating: 3.5 }, 400],
      [cast.customer, { courseId, rating: '5' }, 400],
      [cast.customer, { courseId, rating: 5, comment: 'x'.repeat(2001) }, 400],
    ];
    for (const [client, body, status] of bad) {
      const r = await postJson(client, '/api/learning/reviews', body);
      expect([body, r.status]).toEqual([body, status]);
    }
    expect(await course()).toEqual(before);
    expect(await count()).toBe(n);
  });
});
