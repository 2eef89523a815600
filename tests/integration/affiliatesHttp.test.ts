// Affiliates over real HTTP with the pages (decision 0067): the studio's commission setting answers a 4xx
// with its words and saves nothing; a visit through `?ref=` sets the referral cookie and counts a click every
// time (the answer is never served from the page cache), an unknown code does neither; a visitor's cookie
// referral becomes their account's once they open the course signed in; "Get my link" makes a link and the
// page then shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFILIATE_TEXT } from '#common/affiliates/affiliateRules.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client } from '#tests/support/httpClient.ts';
import { startPagesApp } from '#tests/support/pagesApp.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import type { App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
let creator: Person;
let courseId: string;

beforeAll(async () => {
  app = await startPagesApp(cleanups);
  creator = await signedIn(app, 'creator');
  const course = await make.course(app.t.db, { creator: { id: creator.id, name: 'Wanjiku' }, price: 1200 });
  await make.episode(app.t.db, { courseId: course.id, position: 1 });
  courseId = course.id;
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const setting = (who: Client, json: unknown) =>
  who.request(`/api/studio/courses/${courseId}/affiliates`, { method: 'PUT', json });
const clicks = async () =>
  (await app.t.db.selectFrom('affiliateClick').select('id').where('courseId', '=', courseId).execute()).length;

describe('affiliates over HTTP', () => {
  it('refuses a commission out of range with a 400 and its words, saving nothing; a visitor 401, another creator 404', async () => {
    for (const json of [
      { enabled: true, percent: 4 },
      { enabled: true, percent: 51 },
      { enabled: 'yes', percent: 20 },
    ]) {
      const res = await setting(creator, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(AFFILIATE_TEXT.percentRange);
    }
    expect(await app.t.db.selectFrom('courseAffiliate').selectAll().execute()).toEqual([]);
    expect((await setting(new Client(app.url), { enabled: true, percent: 20 })).status).toBe(401);
    expect((await setting(await signedIn(app, 'creator'), { enabled: true, percent: 20 })).status).toBe(404);
    const ok = await setting(creator, { enabled: true, percent: 20 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ enabled: true, percent: 20, message: AFFILIATE_TEXT.saved });
  });

  // The course offers affiliate sales from here on (the first test saved 20 %).
  it('sets the referral cookie and counts every visit through a link; an unknown code does neither', async () => {
    const affiliate = await signedIn(app, 'customer');
    const made = await affiliate.request(`/course/${courseId}`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'referral-link' }),
    });
    expect(made.status).toBe(200);
    const { code } = await app.t.db
      .selectFrom('affiliate')
      .select('code')
      .where('userId', '=', affiliate.id)
      .executeTakeFirstOrThrow();
    // The affiliate's course page shows the link.
    expect(await (await affiliate.request(`/course/${courseId}`)).text()).toContain(`?ref=${code}`);

    const visitor = new Client(app.url);
    const before = await clicks();
    for (let i = 0; i < 2; i++) {
      const res = await visitor.request(`/course/${courseId}?ref=${code}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBeNull();
      expect(res.headers.get('set-cookie')).toMatch(/^darasa_ref=[^;]+;.*HttpOnly/);
    }
    expect(await clicks()).toBe(before + 2);
    expect(visitor.cookies.get('darasa_ref')).toMatch(new RegExp(`^${courseId}\\.${code}\\.\\d+$`));

    const stranger = new Client(app.url);
    const res = await stranger.request(`/course/${courseId}?ref=zzzzzzzz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await clicks()).toBe(before + 2);
  });

  it('brings a visitor’s cookie referral to the account they open the course with', async () => {
    const affiliate = await signedIn(app, 'customer');
    await affiliate.request(`/course/${courseId}`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'referral-link' }),
    });
    const { code } = await app.t.db
      .selectFrom('affiliate')
      .select('code')
      .where('userId', '=', affiliate.id)
      .executeTakeFirstOrThrow();
    const buyer = await signedIn(app, 'customer');
    buyer.cookies.set('darasa_ref', `${courseId}.${code}.${Math.floor(Date.now() / 1000) - 60}`);
    const page = await buyer.request(`/course/${courseId}`);
    expect(page.status).toBe(200);
    const referral = await app.t.db
      .selectFrom('referral')
      .select('affiliateId')
      .where('userId', '=', buyer.id)
      .where('courseId', '=', courseId)
      .executeTakeFirst();
    expect(referral).toEqual({ affiliateId: affiliate.id });
  });
});
