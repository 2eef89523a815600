import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retrying } from './retrying.ts';

describe('retrying (what the device sends when back online)', () => {
  const online = { onLine: true };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', online);
    online.onLine = true;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries again after 2 s, 4 s, 8 s … while work is left or a try fails, and stops once done', async () => {
    const outcomes: (boolean | Error)[] = [false, new Error('offline'), false, true];
    const at: number[] = [];
    const start = Date.now();
    const run = retrying(async () => {
      at.push(Date.now() - start);
      const next = outcomes.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    await run();
    await vi.runAllTimersAsync();
    expect(at).toEqual([0, 2000, 6000, 14_000]);
  });

  it('waits at most a minute between tries, and starts over at 2 s after a success', async () => {
    let left = 8;
    const at: number[] = [];
    const start = Date.now();
    const run = retrying(async () => {
      at.push(Date.now() - start);
      return --left === 0;
    });
    await run();
    await vi.runAllTimersAsync();
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);

    left = 2;
    const again = Date.now();
    at.length = 0;
    await run();
    await vi.runAllTimersAsync();
    expect(at.map((t) => t - (again - start))).toEqual([0, 2000]);
  });

  it('does not schedule tries while the browser is offline; a new call cancels the one scheduled', async () => {
    let calls = 0;
    const run = retrying(async () => {
      calls++;
      return false;
    });
    online.onLine = false;
    await run();
    await vi.runAllTimersAsync();
    expect(calls).toBe(1);

    online.onLine = true;
    await run(); // schedules one in 2 s
    await vi.advanceTimersByTimeAsync(1000);
    online.onLine = false;
    await run(); // the 'online' event's try: cancels the scheduled one, and schedules none offline
    await vi.runAllTimersAsync();
    expect(calls).toBe(3);
  });
});
