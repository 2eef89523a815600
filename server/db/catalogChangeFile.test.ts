// Another process's catalog change reaches this process's page cache within the look interval (a watch on
// DATA_DIR usually brings it sooner); this process's own change is not news to it. Time is a clock we move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogChangeFile } from './catalogChangeFile.ts';

const dirs: string[] = [];
const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-catalog-'));
  dirs.push(d);
  return d;
}

function open(dir: string, clock: { t: number }) {
  const f = catalogChangeFile(dir, { lookEveryMs: 250, now: () => clock.t });
  closers.push(() => f.close());
  return f;
}

describe('the catalog change file', () => {
  it("sees another process's change once the look interval has passed, and only once", () => {
    const dir = dataDir();
    const clock = { t: 0 };
    const mine = open(dir, clock);
    const other = open(dir, clock);
    expect(mine.changedSinceLastLook()).toBe(false);
    mine.close(); // no watch: the time bound alone
    other.notify();
    clock.t = 249;
    expect(mine.changedSinceLastLook()).toBe(false);
    clock.t = 250;
    expect(mine.changedSinceLastLook()).toBe(true);
    clock.t = 1000;
    expect(mine.changedSinceLastLook()).toBe(false);
  });

  it('hears of a change through the watch before the interval ends', async () => {
    const dir = dataDir();
    const clock = { t: 0 };
    const mine = open(dir, clock);
    const other = open(dir, clock);
    expect(mine.changedSinceLastLook()).toBe(false); // starts the watch
    other.notify();
    await expect.poll(() => mine.changedSinceLastLook(), { timeout: 5000 }).toBe(true);
    expect(clock.t).toBe(0);
  });

  it("does not report this process's own change", () => {
    const dir = dataDir();
    const clock = { t: 0 };
    const mine = open(dir, clock);
    mine.notify();
    clock.t = 10_000;
    expect(mine.changedSinceLastLook()).toBe(false);
  });
});
