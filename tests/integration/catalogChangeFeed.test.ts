// The anonymous page cache must never outlive a catalog change: in this process, and on PostgreSQL in
// every process sharing the database (LISTEN/NOTIFY). SQLite is one process: only its own cache exists.
import { afterEach, describe, expect, it } from 'vitest';
import type { Running } from '#server/composition/startServer.ts';
import { startTestServer } from '../support/startTestServer.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/testDatabase.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(t: TestDatabase): Promise<Running> {
  const running = await startTestServer(t);
  cleanups.push(() => running.stop());
  return running;
}

const page = {
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from('<p>cached</p>'),
};

function cachePage(r: Running, key: string) {
  r.pageCache.set(key, r.pageCache.generation, page);
  expect(r.pageCache.get(key)).toBeDefined();
}

async function eventually(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check(), what).toBe(true);
}

describe('catalog changes clear the page cache', () => {
  it('clears this process cache at once', async () => {
    const t = await createTestDatabase();
    cleanups.push(() => t.close());
    const a = await start(t);
    cachePage(a, '/');
    a.services.catalogChanged();
    expect(a.pageCache.get('/')).toBeUndefined();
  });

  it(`reaches every process on the same database (${testDialect})`, async () => {
    const t = await createTestDatabase();
    cleanups.push(() => t.close());
    const a = await start(t);
    const b = await start(t);
    cachePage(a, '/');
    cachePage(b, '/');
    cachePage(b, '/course/x');

    a.services.catalogChanged();
    expect(a.pageCache.size).toBe(0);
    if (testDialect === 'postgres') {
      await eventually(() => b.pageCache.size === 0, 'the other process cleared its cache');
      // And the other way round.
      cachePage(a, '/');
      b.services.catalogChanged();
      await eventually(() => a.pageCache.size === 0, 'the first process cleared its cache');
    } else {
      // One SQLite process per database: nothing is sent between processes, the other cache is untouched.
      expect(b.pageCache.size).toBe(2);
    }
  });
});
