// The landing rows are read once and shared by every render (signed-in ones included) until the catalog
// changes, or a minute passes (Trending moves with activity that changes no page).
import { RouterContextProvider } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Clock, Services } from '#server/core/services.ts';
import { requestContext } from '#server/edge/requestContext.ts';
import { make } from '#tests/support/factories/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { loadLanding } from '#app/server/catalog.server.ts';

let t: TestDatabase;
let services: Services;
let at = Date.parse('2026-03-02T09:00:00Z');
const clock: Clock = { now: () => new Date(at) };
beforeEach(async () => {
  t = await createTestDatabase();
  services = testServices(t, {}, clock);
});
afterEach(async () => {
  await t.close();
});

async function shownTitles(): Promise<string[]> {
  const context = new RouterContextProvider();
  const learner = { userId: 'u1', role: 'customer' as const, name: 'L', email: 'l@example.com', locale: 'en' as const };
  context.set(requestContext, { services, actor: learner, sessionId: null, clientIp: '127.0.0.1', locale: 'en' });
  const landing = await loadLanding({ context });
  return landing.rows.flatMap((r) => r.courses.map((c) => c.title));
}

it('shares the rows until the catalog changes, then reads them again at once', async () => {
  const creator = await make.user(t.db, { role: 'creator' });
  await make.course(t.db, { creator, title: 'Kilimo Bora' });
  expect(await shownTitles()).toContain('Kilimo Bora');

  await make.course(t.db, { creator, title: 'Ushonaji wa Kisasa' });
  expect(await shownTitles()).not.toContain('Ushonaji wa Kisasa');
  services.catalogChanged();
  expect(await shownTitles()).toContain('Ushonaji wa Kisasa');
});

it('reads them again after a minute without a catalog change', async () => {
  const creator = await make.user(t.db, { role: 'creator' });
  await make.course(t.db, { creator, title: 'Kilimo Bora' });
  expect(await shownTitles()).toContain('Kilimo Bora');
  await make.course(t.db, { creator, title: 'Ufugaji wa Nyuki' });
  at += 30_000;
  expect(await shownTitles()).not.toContain('Ufugaji wa Nyuki');
  at += 31_000;
  expect(await shownTitles()).toContain('Ufugaji wa Nyuki');
});
