// The server's HTML of the main pages, in both languages, through html-validate (its rules:
// .htmlvalidate.json; why those, decision 0051): ids are single tokens and unique, and every ARIA or label
// reference (aria-labelledby, aria-controls, aria-describedby, for=) names an element that is in the page
// before any script runs — screen readers and browsers without JavaScript read this HTML.
import { readFileSync } from 'node:fs';
import { HtmlValidate, type Message } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPath } from '#common/catalog/categories.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client } from '#tests/support/httpClient.ts';
import { startPagesApp } from '#tests/support/pagesApp.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import type { App } from '#tests/support/testApp.ts';

const validator = new HtmlValidate(JSON.parse(readFileSync('.htmlvalidate.json', 'utf8')));
const cleanups: (() => Promise<void>)[] = [];
let app: App;
let learner: Person;
let courseId: string;

beforeAll(async () => {
  app = await startPagesApp(cleanups);
  const creator = await make.user(app.t.db, { name: 'Wanjikũ Njeri', role: 'creator' });
  // A category of two words: its landing row's id once had a space in it.
  const course = await make.course(app.t.db, { creator, title: 'Uchoraji wa Picha', category: 'creative arts' });
  await make.episode(app.t.db, { courseId: course.id, position: 1 });
  courseId = course.id;
  app.running.services.catalogChanged();
  learner = await signedIn(app, 'customer');
  await make.enrollment(app.t.db, { userId: learner.id, courseId });
  // The course offers affiliate sales and the learner has a link (decision 0067): "Earn by sharing" shows it.
  await app.t.db
    .insertInto('courseAffiliate')
    .values({ courseId, enabled: true, percent: 20, updatedAt: new Date() })
    .execute();
  await app.t.db
    .insertInto('affiliate')
    .values({ userId: learner.id, code: 'abcd2345', createdAt: new Date() })
    .execute();
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const PAGES = [
  { name: 'landing', path: () => '/' },
  { name: 'course', path: () => `/course/${courseId}` },
  { name: 'search', path: () => '/search' },
  { name: 'search with results', path: () => '/search?q=uchoraji', shows: 'Uchoraji wa Picha' },
  { name: 'search without results', path: () => '/search?q=zzzzqqq' },
  { name: 'category', path: () => categoryPath('creative arts'), shows: 'Uchoraji wa Picha' },
  { name: 'learner home (signed in)', path: () => '/customer', signedIn: true, shows: 'Uchoraji wa Picha' },
  {
    name: 'course with a referral link (signed in)',
    path: () => `/course/${courseId}`,
    signedIn: true,
    shows: '?ref=abcd2345',
  },
  { name: 'affiliate page (signed in)', path: () => '/affiliate', signedIn: true },
];

const said = (messages: Message[]) => messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`);

describe.each(['en', 'sw'])('the server HTML in %s', (lang) => {
  it.each(PAGES)('of $name is valid: ids, references, no duplicates', async (page) => {
    const client = page.signedIn ? learner : new Client(app.url);
    // A signed-in person's page follows the account's language, a visitor's the cookie.
    if (page.signedIn) await app.t.db.updateTable('user').set({ locale: lang }).where('id', '=', learner.id).execute();
    client.cookies.set('darasa_lang', lang);
    const res = await client.request(page.path());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}"`);
    if (page.shows) expect(html).toContain(page.shows);
    const report = await validator.validateString(html, `${page.name}.html`);
    expect(said(report.results.flatMap((r) => r.messages))).toEqual([]);
  });
});

describe('the landing page', () => {
  it('names a two-word category’s row by the id of its heading', async () => {
    const html = await (await new Client(app.url).request('/')).text();
    expect(html).toContain('aria-labelledby="row-cat-creative-arts"');
    expect(html).toContain('id="row-cat-creative-arts"');
  });

  it('tells link previews its language and the other one', async () => {
    const client = new Client(app.url);
    client.cookies.set('darasa_lang', 'sw');
    const html = await (await client.request('/')).text();
    expect(html).toContain('<meta property="og:locale" content="sw_KE"/>');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_KE"/>');
  });
});
