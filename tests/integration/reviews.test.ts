// Reviews on the course page through the real server: the stars distribution, pages newest first, the
// creator's reply (theirs alone), reports (once per person) and the admin queue's hide/restore, which is
// audited and keeps the course's average to the visible reviews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { ratingDistribution } from '#server/modules/reviews/ratingDistribution.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration, getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let second: Client & { id: string };
let otherCreator: Client & { id: string };
let courseId: string;

const db = () => cast.app.t.db;
const distribution = (courseId: string) => ratingDistribution(cast.app.running.services, null, { courseId });

async function signUp(role: 'customer' | 'creator') {
  const c = new Client(cast.app.url);
  const reg = newRegistration({ role });
  await c.register(reg);
  await c.signIn(reg.email, reg.password);
  const { id } = await db().selectFrom('user').select('id').where('email', '=', reg.email).executeTakeFirstOrThrow();
  return Object.assign(c, { id });
}

async function enroll(userId: string, course: string) {
  await db()
    .insertInto('enrollment')
    .values({ id: newId(), userId, courseId: course, paymentId: null, createdAt: new Date() })
    .execute();
}

beforeAll(async () => {
  cast = await startCast(cleanups);
  second = await signUp('customer');
  otherCreator = await signUp('creator');
  const owner = await db()
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', cast.creator.id)
    .executeTakeFirstOrThrow();
  courseId = (await make.course(db(), { creator: owner })).id;
  for (const id of [cast.customer.id, second.id]) await enroll(id, courseId);
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const course = () =>
  db().selectFrom('course').select(['ratingAvg', 'ratingCount']).where('id', '=', courseId).executeTakeFirstOrThrow();
const review = (rating: number, comment: string) =>
  postJson(cast.customer, '/api/learning/reviews', { courseId, rating, comment });
const reviewIdOf = async (userId: string, course = courseId) =>
  (
    await db()
      .selectFrom('review')
      .select('id')
      .where('userId', '=', userId)
      .where('courseId', '=', course)
      .executeTakeFirstOrThrow()
  ).id;

describe('reviews on the course page', () => {
  it('pages every visible review newest first, ten at a time, with the stars 5→1 counted', async () => {
    const creator = await make.user(db());
    const c = await make.course(db(), { creator });
    // 23 reviews, three sharing one instant: the pages must neither skip nor repeat any.
    const base = Date.UTC(2026, 5, 1);
    const ratings: number[] = [];
    for (let i = 0; i < 23; i++) {
      const author = await make.user(db(), { role: 'customer' });
      const rating = (i % 5) + 1;
      ratings.push(rating);
      const at = new Date(base + (i < 3 ? 0 : i) * 60_000);
      await db()
        .insertInto('review')
        .values({
          id: newId(),
          userId: author.id,
          courseId: c.id,
          rating,
          comment: `c${i}`,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    const seen: { id: string; createdAt: string }[] = [];
    let next: string | null = null;
    const sizes: number[] = [];
    do {
      const q: string = `/api/reviews?courseId=${c.id}${next ? `&after=${encodeURIComponent(next)}` : ''}`;
      const r = await getJson(cast.visitor, q);
      expect(r.status).toBe(200);
      sizes.push(r.body.items.length);
      seen.push(...r.body.items);
      next = r.body.next;
    } while (next);
    expect(sizes).toEqual([10, 10, 3]);
    expect(new Set(seen.map((r) => r.id)).size).toBe(23);
    const times = seen.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(seen[0]!.createdAt).toBe(new Date(base + 22 * 60_000).toISOString());

    const count = (s: number) => ratings.filter((r) => r === s).length;
    expect(await distribution(c.id)).toEqual([5, 4, 3, 2, 1].map((stars) => ({ stars, count: count(stars) })));
  });

  it('refuses page links it did not give out and unknown or draft courses (4xx, never a 500)', async () => {
    for (const q of [
      '',
      `?courseId=${courseId}&after=nonsense`,
      `?courseId=${courseId}&after=2026-99-99T00:00:00Z~abc`,
      '?courseId=../x',
    ])
      expect((await getJson(cast.visitor, `/api/reviews${q}`)).status).toBe(400);
    expect((await getJson(cast.visitor, `/api/reviews?courseId=${newId()}`)).status).toBe(404);
    const draft = await make.course(db(), { creator: { id: otherCreator.id, name: 'X' }, published: false });
    expect((await getJson(cast.visitor, `/api/reviews?courseId=${draft.id}`)).status).toBe(404);
  });
});

describe("the creator's reply", () => {
  it('only the course creator replies, once per review, and may edit it', async () => {
    expect((await review(4, 'Clear and practical')).status).toBe(200);
    const id = await reviewIdOf(cast.customer.id);
    const path = `/api/reviews/${id}/reply`;
    expect((await postJson(cast.visitor, path, { reply: 'hi' })).status).toBe(401);
    for (const who of [cast.customer, second, otherCreator, cast.admin])
      expect((await postJson(who, path, { reply: 'not mine to answer' })).status).toBe(403);
    expect((await postJson(cast.creator, path, { reply: '   ' })).status).toBe(400);
    expect((await postJson(cast.creator, `/api/reviews/${newId()}/reply`, { reply: 'x' })).status).toBe(404);

    expect((await postJson(cast.creator, path, { reply: 'Asante!' })).body).toEqual({ reply: 'Asante!' });
    expect((await postJson(cast.creator, path, { reply: 'Asante sana!' })).status).toBe(200);
    const page = await getJson(cast.visitor, `/api/reviews?courseId=${courseId}`);
    const shown = page.body.items.find((r: { id: string }) => r.id === id);
    expect(shown.reply.text).toBe('Asante sana!');
    expect(page.body.items.filter((r: { reply: unknown }) => r.reply)).toHaveLength(1);
  });
});

describe('reports and the moderation queue', () => {
  it('each signed-in user reports a review once; its author cannot; it reaches the admin queue', async () => {
    const id = await reviewIdOf(cast.customer.id);
    const path = `/api/reviews/${id}/report`;
    expect((await postJson(cast.visitor, path)).status).toBe(401);
    expect((await postJson(cast.customer, path)).status).toBe(403);
    expect((await postJson(second, path)).body).toEqual({ reported: true });
    expect((await postJson(second, path)).status).toBe(409);
    expect((await postJson(otherCreator, path)).status).toBe(200);
    expect((await postJson(second, `/api/reviews/${newId()}/report`)).status).toBe(404);

    // Coming back (a reload), each reporter is told they reported it, and only they: visitor, author,
    // the course's creator and an admin who did not report it see it unreported.
    const reportedFor = async (c: Client) =>
      (await getJson(c, `/api/reviews?courseId=${courseId}`)).body.items.find((r: { id: string }) => r.id === id)
        .reported;
    const everyone = [cast.visitor, cast.customer, second, otherCreator, cast.creator, cast.admin];
    expect(await Promise.all(everyone.map(reportedFor))).toEqual([false, false, true, true, false, false]);
    expect((await postJson(cast.admin, path)).status).toBe(200);
    expect(await reportedFor(cast.admin)).toBe(true);
    expect((await postJson(cast.admin, path)).status).toBe(409);

    const queue = await getJson(cast.admin, '/api/admin/reviews');
    expect(queue.body.items.map((r: { id: string; reportCount: number }) => [r.id, r.reportCount])).toEqual([[id, 3]]);
    expect((await getJson(cast.customer, '/api/admin/reviews')).status).toBe(403);
  });

  it('hiding takes a review off the page and out of the average; restoring brings both back; each is audited', async () => {
    await postJson(second, '/api/learning/reviews', { courseId, rating: 1, comment: 'Spam spam spam' });
    expect(await course()).toMatchObject({ ratingCount: 2 });
    expect(toNum((await course()).ratingAvg)).toBe(2.5);
    const spam = await reviewIdOf(second.id);

    expect((await postJson(cast.customer, `/api/admin/reviews/${spam}/hide`)).status).toBe(403);
    expect((await postJson(cast.admin, `/api/admin/reviews/${spam}/delete`)).status).toBe(404);
    expect((await postJson(cast.admin, `/api/admin/reviews/${spam}/hide`)).body).toEqual({ hidden: true });
    expect((await postJson(cast.admin, `/api/admin/reviews/${spam}/hide`)).status).toBe(409);
    expect(toNum((await course()).ratingAvg)).toBe(4);
    expect(toNum((await course()).ratingCount)).toBe(1);
    const page = await getJson(cast.visitor, `/api/reviews?courseId=${courseId}`);
    expect(page.body.items.map((r: { id: string }) => r.id)).not.toContain(spam);
    expect(await distribution(courseId)).toContainEqual({ stars: 1, count: 0 });
    // Its author editing it does not bring it back.
    await postJson(second, '/api/learning/reviews', { courseId, rating: 2, comment: 'Still spam' });
    expect(toNum((await course()).ratingCount)).toBe(1);
    const hiddenQueue = await getJson(cast.admin, '/api/admin/reviews?status=hidden');
    expect(hiddenQueue.body.items.map((r: { id: string }) => r.id)).toEqual([spam]);

    expect((await postJson(cast.admin, `/api/admin/reviews/${spam}/restore`)).body).toEqual({ hidden: false });
    expect(toNum((await course()).ratingCount)).toBe(2);
    expect(toNum((await course()).ratingAvg)).toBe(3);

    const audit = await db()
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'targetType'])
      .where('targetId', '=', spam)
      .orderBy('createdAt')
      .execute();
    expect(audit).toEqual([
      { action: 'review.hide', actorId: cast.admin.id, targetType: 'review' },
      { action: 'review.restore', actorId: cast.admin.id, targetType: 'review' },
    ]);
  });

  it('replies, reviews, hiding and restoring clear the cached anonymous pages at once', async () => {
    const { pageCache } = cast.app.running;
    const key = `/course/${courseId}`;
    const page = {
      status: 200,
      headers: [['content-type', 'text/html']] as [string, string][],
      body: Buffer.from('x'),
    };
    const spam = await reviewIdOf(second.id);
    const mine = await reviewIdOf(cast.customer.id);
    for (const change of [
      () => postJson(cast.creator, `/api/reviews/${mine}/reply`, { reply: 'Karibu tena' }),
      () => postJson(cast.admin, `/api/admin/reviews/${spam}/hide`),
      () => postJson(cast.admin, `/api/admin/reviews/${spam}/restore`),
      () => review(5, 'Even better the second time'),
    ]) {
      pageCache.set(key, pageCache.generation, page);
      expect(pageCache.get(key)).toBeDefined();
      expect((await change()).status).toBe(200);
      expect(pageCache.get(key)).toBeUndefined();
    }
  });
});
