// /healthz tells a load balancer whether this process can serve: 200 only while the database answers.
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '#server/db/connect.ts';
import { createHttpServer } from '#server/http/createHttpServer.ts';
import { PageCache } from '#server/http/pageCache.ts';
import type { Running } from '#server/composition/startServer.ts';
import { startTestServer } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function startApp(): Promise<{ running: Running; t: TestDatabase }> {
  const t = await createTestDatabase();
  cleanups.push(() => t.close());
  const running = await startTestServer(t);
  cleanups.push(() => running.stop());
  return { running, t };
}

describe('/healthz', () => {
  it('answers 200 with the dialect while the database is reachable', async () => {
    const { running, t } = await startApp();
    const res = await fetch(`${running.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: t.dialect });
  });

  it('answers 503 once the database is gone, without internals in the body', async () => {
    const { running } = await startApp();
    await running.services.database.close();
    const res = await fetch(`${running.url}/healthz`);
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ status: 'unavailable' });
  });

  it('answers 503 when PostgreSQL does not listen at DATABASE_URL', async () => {
    // The running app's services with the database swapped for one on a port nothing listens on (the pool
    // only connects on the first query, so such a server does come up).
    const { running, t } = await startApp();
    const database = connectDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/none', dataDir: t.dataDir });
    const pageCache = new PageCache(10);
    const server = createHttpServer({ services: { ...running.services, database }, pageCache });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await database.close();
    });
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.text()).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at /);
  });
});
