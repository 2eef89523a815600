import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import type { Services } from '#server/core/services.ts';
import { definePeriodicTask } from '#server/jobs/definePeriodicTask.ts';
import { createPeriodicRunner } from '#server/jobs/periodicRunner.ts';
import { newId } from '#server/lib/ids.ts';
import { listPeriodicTasks } from './listPeriodicTasks.ts';

let t: TestDatabase;
let services: Services;
let at = Date.parse('2026-03-02T06:00:00.000Z');
beforeAll(async () => {
  t = await createTestDatabase();
  services = testServices(t, {}, { now: () => new Date(at) });
});
afterAll(() => t.close());

const admin = { userId: newId(), role: 'admin' as const };

describe('listPeriodicTasks', () => {
  it('shows each task with its interval, last and next run and last error', async () => {
    const tasks = [
      definePeriodicTask({
        name: 'test.failing',
        scope: 'deployment',
        intervalMs: () => 60_000,
        handler: async () => {
          throw new Error('M-Pesa unreachable');
        },
      }),
      definePeriodicTask({ name: 'test.held', scope: 'machine', intervalMs: () => 60_000, handler: async () => {} }),
      definePeriodicTask({ name: 'test.flush', scope: 'process', intervalMs: () => 5_000, handler: async () => {} }),
    ];
    const runner = createPeriodicRunner(services, tasks, { scopes: ['deployment', 'machine'], machine: 'web-1' });
    await runner.runDue();
    at += 60_000;
    await runner.runDue();
    await runner.stop();
    const ranAt = new Date(at).toISOString();
    const nextAt = new Date(at + 60_000).toISOString();
    expect(await listPeriodicTasks(services, admin)).toEqual([
      {
        name: 'test.failing',
        scope: 'deployment',
        machine: null,
        intervalMs: 60_000,
        nextRunAt: nextAt,
        lastStartedAt: ranAt,
        lastFinishedAt: ranAt,
        running: false,
        lastError: 'M-Pesa unreachable',
      },
      expect.objectContaining({ name: 'test.flush', scope: 'process', intervalMs: 5_000, nextRunAt: null }),
      expect.objectContaining({ name: 'test.held', machine: 'web-1', lastStartedAt: ranAt, lastError: null }),
    ]);
  });

  it('is for admins only', async () => {
    await expect(listPeriodicTasks(services, null)).rejects.toMatchObject({ code: 'unauthenticated' });
    for (const role of ['customer', 'creator'] as const)
      await expect(listPeriodicTasks(services, { userId: newId(), role })).rejects.toMatchObject({ code: 'forbidden' });
  });
});
