import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { clearRateLimit, consumeRateLimit, pruneRateLimits } from './rateLimit.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.close();
});

it('lets exactly `max` of many simultaneous attempts through', async () => {
  const results = await Promise.all(
    Array.from({ length: 25 }, () => consumeRateLimit(t.db, 'k', { window: 60, max: 5 })),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(5);
  const refused = results.find((r) => !r.allowed)!;
  expect(refused.retryAfter).toBeGreaterThan(0);
  expect(refused.retryAfter).toBeLessThanOrEqual(60);
});

it('starts a new window once the old one is over, and forgets cleared keys', async () => {
  const now = Date.now();
  for (let i = 0; i < 2; i++)
    expect((await consumeRateLimit(t.db, 'k', { window: 10, max: 2 }, now)).allowed).toBe(true);
  expect((await consumeRateLimit(t.db, 'k', { window: 10, max: 2 }, now + 5_000)).allowed).toBe(false);
  expect((await consumeRateLimit(t.db, 'k', { window: 10, max: 2 }, now + 10_000)).allowed).toBe(true);
  expect((await consumeRateLimit(t.db, 'other', { window: 10, max: 2 }, now + 10_000)).allowed).toBe(true);
  await clearRateLimit(t.db, 'k');
  await pruneRateLimits(t.db, 1_000, now + 20_000);
  expect(await t.db.selectFrom('rateLimit').select('key').execute()).toEqual([]);
});
