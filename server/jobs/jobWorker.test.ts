import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '#tests/support/eventually.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import type { Services } from '../core/services.ts';
import { newId } from '../lib/ids.ts';
import { defineJob, PermanentJobError, type JobDefinition } from './defineJob.ts';
import { enqueueJob } from './enqueueJob.ts';
import { startJobWorker, type JobWorker } from './jobWorker.ts';
import { retryJob } from './retryJob.ts';

let database: TestDatabase;
let services: Services;
const workers: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await database.close();
});

function start(defs: JobDefinition[], concurrency = 1, leaseMs = 30_000) {
  const w = startJobWorker(services, defs, { concurrency, pollMs: 20, leaseMs });
  workers.push(w);
  return w;
}

const job = (id: string) => database.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const settled = (id: string) =>
  eventually(async () => {
    const j = await job(id);
    return j.status === 'done' || j.status === 'failed' ? j : null;
  });

describe('job queue', () => {
  it('queues a job only when the enqueuing transaction commits', async () => {
    const seen: string[] = [];
    const def = defineJob({
      type: `echo-${newId()}`,
      schema: z.object({ word: z.string() }),
      handler: async (p, ctx) => {
        ctx.progress(50);
        seen.push(p.word);
      },
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, def, { word: 'rolled back' });
        throw new Error('abort the transaction');
      }),
    ).rejects.toThrow('abort the transaction');
    const id = await database.db.transaction().execute((trx) => enqueueJob(trx, def, { word: 'committed' }));
    const w = start([def]);
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'done', attempts: 1, progress: 100, lockedBy: null });
    expect(seen).toEqual(['committed']);
    const all = await database.db.selectFrom('job').select('id').where('type', '=', def.type).execute();
    expect(all).toHaveLength(1);
    await w.stop();
  });

  it('refuses a payload that does not match the job type schema', async () => {
    const def = defineJob({ type: 'typed', schema: z.object({ n: z.number() }), handler: async () => {} });
    await expect(enqueueJob(database.db, def, { n: 'x' } as unknown as { n: number })).rejects.toThrow();
  });

  it('retries a failing job with growing delays, then succeeds', async () => {
    const calls: number[] = [];
    const def = defineJob({
      type: `flaky-${newId()}`,
      schema: z.object({}),
      backoffMs: 100,
      handler: async () => {
        calls.push(Date.now());
        if (calls.length < 3) throw new Error(`boom ${calls.length}`);
      },
    });
    const id = await enqueueJob(database.db, def, {});
    const w = start([def]);
    const done = await settled(id);
    expect(done.status).toBe('done');
    expect(done.attempts).toBe(3);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(100);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(200);
    await w.stop();
  });

  it('fails for good after maxAttempts, reports once, and runs again after a retry', async () => {
    const failures: string[] = [];
    let succeed = false;
    const def = defineJob({
      type: `doomed-${newId()}`,
      schema: z.object({ k: z.string() }),
      maxAttempts: 2,
      backoffMs: 10,
      handler: async () => {
        if (!succeed) throw new Error('disk on fire');
      },
      onFailed: async (p, reason) => {
        failures.push(`${p.k}: ${reason}`);
      },
    });
    const id = await enqueueJob(database.db, def, { k: 'a' });
    const w = start([def]);
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: 'disk on fire' });
    expect(failures).toEqual(['a: disk on fire']);
    expect(await retryJob(database.db, id)).toBe(true);
    expect(await retryJob(database.db, id)).toBe(false);
    succeed = true;
    w.wake();
    await eventually(async () => (await job(id)).status === 'done');
    expect(await retryJob(database.db, id)).toBe(false);
    await w.stop();
  });

  it('fails at once on a permanent error and on a timeout', async () => {
    const permanent = defineJob({
      type: `permanent-${newId()}`,
      schema: z.object({}),
      handler: async () => {
        throw new PermanentJobError('This file is not a video.');
      },
    });
    let sawAbort = false;
    const slow = defineJob({
      type: `slow-${newId()}`,
      schema: z.object({}),
      maxAttempts: 1,
      timeoutMs: 100,
      handler: (_p, ctx) =>
        new Promise<void>((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve();
          });
        }),
    });
    const a = await enqueueJob(database.db, permanent, {});
    const b = await enqueueJob(database.db, slow, {});
    const w = start([permanent, slow], 2);
    expect(await settled(a)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'This file is not a video.' });
    const timedOut = await settled(b);
    expect(timedOut.status).toBe('failed');
    expect(timedOut.lastError).toMatch(/Timed out/);
    expect(sawAbort).toBe(true);
    await w.stop();
  });

  it('takes over a job whose worker died (expired lease), and fails one that died on its last attempt', async () => {
    const ran: string[] = [];
    const def = defineJob({
      type: `orphan-${newId()}`,
      schema: z.object({ k: z.string() }),
      maxAttempts: 3,
      handler: async (p) => {
        ran.push(p.k);
      },
    });
    const past = new Date(Date.now() - 60_000);
    const row = (k: string, attempts: number) => ({
      id: newId(),
      type: def.type,
      payload: JSON.stringify({ k }),
      status: 'running',
      attempts,
      maxAttempts: 3,
      runAt: past,
      lockedBy: 'dead-host:1',
      lockedUntil: past,
      lastError: null,
      progress: 40,
      createdAt: past,
      updatedAt: past,
    });
    const alive = row('resumable', 1);
    const exhausted = row('exhausted', 3);
    const held = { ...row('still-held', 1), lockedUntil: new Date(Date.now() + 60_000) };
    await database.db.insertInto('job').values([alive, exhausted, held]).execute();
    const w = start([def]);
    expect(await settled(alive.id)).toMatchObject({ status: 'done', attempts: 2 });
    const gone = await settled(exhausted.id);
    expect(gone.status).toBe('failed');
    expect(gone.lastError).toMatch(/stopped/);
    expect((await job(held.id)).status).toBe('running');
    expect(ran).toEqual(['resumable']);
    await w.stop();
  });

  it('never gives one job to two workers', async () => {
    const runs: string[] = [];
    const def = defineJob({
      type: `many-${newId()}`,
      schema: z.object({ i: z.number() }),
      handler: async (p) => {
        runs.push(String(p.i));
        // A job that takes a moment, so the three workers' polls overlap while it runs.
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueueJob(database.db, def, { i })));
    const ws = [start([def], 2), start([def], 2), start([def], 2)];
    for (const id of ids) await settled(id);
    expect(runs.sort()).toEqual(Array.from({ length: 30 }, (_, i) => String(i)).sort());
    await Promise.all(ws.map((w) => w.stop()));
  });

  it('hands a running job back to the queue on shutdown without counting the attempt', async () => {
    let markStarted = () => {};
    const started = new Promise<void>((r) => {
      markStarted = r;
    });
    const def = defineJob({
      type: `long-${newId()}`,
      schema: z.object({}),
      handler: (_p, ctx) =>
        new Promise<void>((_resolve, reject) => {
          markStarted();
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
        }),
    });
    const id = await enqueueJob(database.db, def, {});
    const w = start([def]);
    await started;
    await w.stop();
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});
