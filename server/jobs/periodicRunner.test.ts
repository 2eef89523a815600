import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import type { Clock, Services } from '../core/services.ts';
import { connectDatabase, type Database } from '../db/connect.ts';
import { toIso } from '../db/values.ts';
import { newId } from '../lib/ids.ts';
import { definePeriodicTask, type PeriodicScope } from './definePeriodicTask.ts';
import { createPeriodicRunner, startPeriodicRunner, type PeriodicRunner } from './periodicRunner.ts';

const MINUTE = 60_000;
let database: TestDatabase;
// A second connection to the same database, as another process (or machine) has.
let other: Database;
const runners: PeriodicRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  other = connectDatabase({ dataDir: database.dataDir, ...(database.url ? { databaseUrl: database.url } : {}) });
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await other.close();
  await database.close();
});

function movingClock(): Clock & { advance(ms: number): void } {
  let at = Date.parse('2026-03-02T06:00:00.000Z');
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}

/** Services for one process: on the test database, or on the other connection to it. */
function processServices(clock: Clock, db: Database = database, env: Record<string, string> = {}): Services {
  return testServices({ ...db, dataDir: database.dataDir }, env, clock);
}

function task(scope: PeriodicScope, handler: () => Promise<void>, intervalMs = MINUTE) {
  return definePeriodicTask({ name: `test.${scope}.${newId()}`, scope, intervalMs: () => intervalMs, handler });
}

function runner(services: Services, tasks: ReturnType<typeof task>[], scopes: PeriodicScope[], more = {}) {
  const r = createPeriodicRunner(services, tasks, { scopes, ...more });
  runners.push(r);
  return r;
}

const row = (name: string, machine = '') =>
  database.db
    .selectFrom('periodicTask')
    .selectAll()
    .where('name', '=', name)
    .where('machine', '=', machine)
    .executeTakeFirstOrThrow();

describe('periodic tasks', () => {
  it('runs a task of the deployment once per interval, however many runners on however many connections try', async () => {
    const clock = movingClock();
    let runs = 0;
    const counted = task('deployment', async () => {
      runs++;
    });
    const here = processServices(clock);
    const there = processServices(clock, other);
    const all = [here, here, there, there].map((s) => runner(s, [counted], ['deployment']));
    const round = () => Promise.all(all.map((r) => r.runDue()));

    await round();
    expect(runs).toBe(0); // the first run comes one interval after the task's row is made
    for (let i = 1; i <= 3; i++) {
      clock.advance(MINUTE);
      await round();
      await round();
      expect(runs).toBe(i);
    }
    const r = await row(counted.name);
    expect(r).toMatchObject({ scope: 'deployment', intervalMs: MINUTE, lastError: null });
    expect(toIso(r.lastStartedAt)).toBe(clock.now().toISOString());
    expect(toIso(r.lastFinishedAt)).toBe(clock.now().toISOString());
    expect(toIso(r.nextRunAt)).toBe(new Date(clock.now().getTime() + MINUTE).toISOString());
  });

  it('runs a task of a machine once per interval on each machine, and a task of a process in each process', async () => {
    const clock = movingClock();
    const ran: string[] = [];
    const machineTask = task('machine', async () => void ran.push('machine'));
    const processTask = task('process', async () => void ran.push('process'));
    const tasks = [machineTask, processTask];
    const scopes: PeriodicScope[] = ['machine', 'process'];
    const all = [
      runner(processServices(clock), tasks, scopes, { machine: 'web-1' }),
      runner(processServices(clock, other), tasks, scopes, { machine: 'web-1' }),
      runner(processServices(clock, other), tasks, scopes, { machine: 'web-2' }),
    ];
    await Promise.all(all.map((r) => r.runDue()));
    clock.advance(MINUTE);
    await Promise.all(all.map((r) => r.runDue()));
    expect(ran.filter((k) => k === 'machine')).toHaveLength(2);
    expect(ran.filter((k) => k === 'process')).toHaveLength(3);
    expect((await row(machineTask.name, 'web-2')).lastStartedAt).not.toBeNull();
    // A process task's row only lists it: its runs are not claimed, so not recorded.
    expect(await row(processTask.name)).toMatchObject({ scope: 'process', lastStartedAt: null });
  });

  it('runs a process task once per interval beside a shared one: its listing row never reschedules it', async () => {
    const clock = movingClock();
    const ran: string[] = [];
    const tasks = [
      task('deployment', async () => void ran.push('deployment')),
      task('process', async () => void ran.push('process')),
    ];
    const r = runner(processServices(clock), tasks, ['deployment', 'process']);
    await r.runDue();
    clock.advance(MINUTE);
    for (let i = 0; i < 4; i++) await r.runDue();
    // Before the fix the row's stale next run made every round run it again: a busy loop in an idle server.
    expect(ran.sort()).toEqual(['deployment', 'process']);
  });

  it('records a failed run and runs the task again at the next interval', async () => {
    const clock = movingClock();
    let runs = 0;
    const flaky = task('deployment', async () => {
      if (++runs === 1) throw new Error('media storage unreachable');
    });
    const r = runner(processServices(clock), [flaky], ['deployment']);
    await r.runDue();
    clock.advance(MINUTE);
    await r.runDue();
    expect(runs).toBe(1);
    expect((await row(flaky.name)).lastError).toBe('media storage unreachable');

    await r.runDue();
    expect(runs).toBe(1); // not before its next interval
    clock.advance(MINUTE);
    await r.runDue();
    expect(runs).toBe(2);
    expect((await row(flaky.name)).lastError).toBeNull();
  });

  it('lists a task turned off without running it, and runs it once a process turns it on', async () => {
    const clock = movingClock();
    let runs = 0;
    const name = `test.toggled.${newId()}`;
    const toggled = (intervalMs: number) =>
      definePeriodicTask({ name, scope: 'deployment', intervalMs: () => intervalMs, handler: async () => void runs++ });
    const off = runner(processServices(clock), [toggled(0)], ['deployment']);
    await off.runDue();
    clock.advance(60 * MINUTE);
    await off.runDue();
    expect(runs).toBe(0);
    expect(await row(name)).toMatchObject({ intervalMs: 0, lastStartedAt: null });

    // Turned on with a short interval: its next run is not left at the time the row was made with.
    const on = runner(processServices(clock, other), [toggled(50)], ['deployment']);
    await on.runDue();
    expect(runs).toBe(1);
    expect((await row(name)).intervalMs).toBe(50);
  });

  it('starts nothing once stopped and lets a running task finish', async () => {
    const clock = movingClock();
    let runs = 0;
    let release: () => void = () => {};
    const slow = task('deployment', () => {
      runs++;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const r = runner(processServices(clock), [slow], ['deployment']);
    await r.runDue();
    clock.advance(MINUTE);
    const running = r.runDue();
    await vi.waitFor(() => expect(runs).toBe(1));
    let stopped = false;
    const stopping = r.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    await running;
    expect((await row(slow.name)).lastFinishedAt).not.toBeNull();

    clock.advance(MINUTE);
    await r.runDue();
    expect(runs).toBe(1);
    expect(toIso((await row(slow.name)).lastStartedAt)).toBe(new Date(clock.now().getTime() - MINUTE).toISOString());
  });

  it('records a run that outlives the grace period at shutdown as abandoned, for the next run to redo', async () => {
    const clock = movingClock();
    let started = false;
    const stuck = task('deployment', () => {
      started = true;
      return new Promise<void>(() => {});
    });
    const r = runner(processServices(clock), [stuck], ['deployment'], { graceMs: 0 });
    await r.runDue();
    clock.advance(MINUTE);
    void r.runDue();
    await vi.waitFor(() => expect(started).toBe(true));
    await r.stop();
    expect((await row(stuck.name)).lastError).toMatch(/Stopped while running/);
  });

  it('runs its tasks on a timer of its own once started', async () => {
    let runs = 0;
    const quick = task('deployment', async () => void runs++, 20);
    const r = startPeriodicRunner(processServices({ now: () => new Date() }), [quick], { scopes: ['deployment'] });
    runners.push(r);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
    await r.stop();
    const after = runs;
    expect((await row(quick.name)).lastFinishedAt).not.toBeNull();
    await r.runDue();
    expect(runs).toBe(after);
  });
});
