import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Services } from '#server/core/services.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { clearRateLimit, consumeRateLimit, pruneRateLimits } from './rateLimit.ts';

let t: TestDatabase;
let services: Services;
let now = Date.now();
beforeEach(async () => {
  t = await createTestDatabase();
  now = Date.now();
  services = testServices(t, {}, { now: () => new Date(now) });
});
afterEach(async () => {
  await t.close();
});

it('lets exactly `max` of many simultaneous attempts through', async () => {
  const results = await Promise.all(
    Array.from({ length: 25 }, () => consumeRateLimit(services, { key: 'k', rule: { window: 60, max: 5 } })),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(5);
  const refused = results.find((r) => !r.allowed)!;
  expect(refused.retryAfter).toBeGreaterThan(0);
  expect(refused.retryAfter).toBeLessThanOrEqual(60);
});

it('starts a new window once the old one is over, and forgets cleared keys', async () => {
  const attempt = (key: string) => consumeRateLimit(services, { key, rule: { window: 10, max: 2 } });
  for (let i = 0; i < 2; i++) expect((await attempt('k')).allowed).toBe(true);
  now += 5_000;
  expect((await attempt('k')).allowed).toBe(false);
  now += 5_000;
  expect((await attempt('k')).allowed).toBe(true);
  expect((await attempt('other')).allowed).toBe(true);
  await clearRateLimit(services, { key: 'k' });
  now += 10_000;
  await pruneRateLimits(services, { olderThanMs: 1_000 });
  expect(await t.db.selectFrom('rateLimit').select('key').execute()).toEqual([]);
});
