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
      await expect
        .poll(() => b.pageCache.size, { message: 'the other process cleared its cache', timeout: 10_000 })
        .toBe(0);
      // And the other way round.
      cachePage(a, '/');
      b.services.catalogChanged();
      await expect
        .poll(() => a.pageCache.size, { message: 'the first process cleared its cache', timeout: 10_000 })
        .toBe(0);
    } else {
      // One SQLite process per database: nothing is sent between processes, the other cache is untouched.
      expect(b.pageCache.size).toBe(2);
    }
  });
});
