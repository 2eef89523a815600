// The tus upload locker across processes (decision 0032), on the test database's dialect: a lock held by
// another process is waited for, that process is asked to let go, and a process that dies (or, on
// PostgreSQL, loses its connection) frees its locks. The other process is real (uploadLockHolderMain.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import { createLogger } from '#server/logging/logger.ts';
import { newId } from '#server/lib/ids.ts';
import { createUploadLocker } from '#server/uploadLocks/createUploadLocker.ts';
import { LOCK_BUSY, type SharedLocker } from '#server/uploadLocks/sharedLocker.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/testDatabase.ts';

let t: TestDatabase;
let locker: SharedLocker;
const children: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  locker = newLocker();
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(async () => {
  await locker?.close();
  await t?.close();
});

function newLocker(opts: { acquireTimeoutMs?: number } = {}): SharedLocker {
  const env = { DATA_DIR: t.dataDir, NODE_ENV: 'test', ...(t.url ? { DATABASE_URL: t.url } : {}) };
  return createUploadLocker(loadConfig(env), t, createLogger('silent'), opts);
}

interface Holder {
  child: ChildProcess;
  /** Resolves once the holder has printed `line`. */
  said(line: 'ASKED' | 'UNLOCKED'): Promise<void>;
  output(): string;
}

/** Another process that takes the lock of `id` (and lets go when asked unless `ignoresAsks`). */
function holdInOtherProcess(id: string, { ignoresAsks = false } = {}): Promise<Holder> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', path.resolve('tests/support/uploadLockHolderMain.ts'), id],
    {
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        ...(t.url ? { DATABASE_URL: t.url } : {}),
        ...(ignoresAsks ? { HOLDER_IGNORES_ASKS: '1' } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  let out = '';
  const listeners: Array<() => void> = [];
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  });
  const said = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => out.includes(line) && resolve();
      listeners.push(check);
      check();
      child.once('exit', () => reject(new Error(`lock holder exited before saying ${line}`)));
    });
  return said('LOCKED').then(() => ({ child, said, output: () => out }));
}

const never = () => new AbortController().signal;

it('waits for a lock another process holds, asks it to let go, and takes it once it has', async () => {
  const id = newId();
  const holder = await holdInOtherProcess(id);
  const lock = locker.newLock(id);
  await lock.lock(never(), () => {});
  // Taken once the other process was asked and let go (one that does not is waited out: the 423 below);
  // it says so just after its unlock, which may reach us after we took the lock.
  expect(holder.output()).toContain('ASKED');
  await holder.said('UNLOCKED');
  await lock.unlock();
});

it('answers 423 when the holder does not let go in time', async () => {
  const id = newId();
  const holder = await holdInOtherProcess(id, { ignoresAsks: true });
  const impatient = newLocker({ acquireTimeoutMs: 200 });
  await expect(impatient.newLock(id).lock(never(), () => {})).rejects.toBe(LOCK_BUSY);
  await holder.said('ASKED');
  await impatient.close();
});

it('gives up waiting when the request is aborted', async () => {
  const id = newId();
  await holdInOtherProcess(id, { ignoresAsks: true });
  const stop = new AbortController();
  const waiting = locker.newLock(id).lock(stop.signal, () => {});
  stop.abort();
  await expect(waiting).rejects.toBe(LOCK_BUSY);
});

/** A requestRelease callback and a promise resolved once it is called. */
function onAsked() {
  let called!: () => void;
  const asked = new Promise<void>((resolve) => {
    called = resolve;
  });
  return { asked, requestRelease: () => called() };
}

it('frees the locks of a process that is killed', async () => {
  const id = newId();
  const holder = await holdInOtherProcess(id, { ignoresAsks: true });
  const lock = locker.newLock(id);
  const mine = onAsked();
  const taken = lock.lock(never(), mine.requestRelease);
  await holder.said('ASKED');
  holder.child.kill('SIGKILL');
  await taken;
  // This process holds it now: the next process has to ask for it and gets it once we let go.
  const next = holdInOtherProcess(id);
  await mine.asked;
  await lock.unlock();
  await next;
});

it('serialises two requests of one process: the first is asked to let go, the second waits for it', async () => {
  const id = newId();
  const first = locker.newLock(id);
  const firstHolder = onAsked();
  await first.lock(never(), firstHolder.requestRelease);
  let secondHasIt = false;
  const second = locker.newLock(id);
  const taking = second
    .lock(never(), () => {})
    .then(() => {
      secondHasIt = true;
    });
  await firstHolder.asked;
  expect(secondHasIt).toBe(false);
  await first.unlock();
  await taking;
  await second.unlock();
});

/** Takes the lock away from its holder as the dialect can lose it: its session ends, or its lease runs out. */
async function breakLock(id: string) {
  if (testDialect === 'sqlite') {
    // As if the holder had stalled past its lease and a process that since died had taken it over.
    await t.db.updateTable('uploadLock').set({ holder: 'gone', expiresAt: 0 }).where('uploadId', '=', id).execute();
    return;
  }
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  await admin.query(
    `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`,
  );
  await admin.end();
}

it('a holder that loses its lock is told to stop, and another process gets the lock', async () => {
  const id = newId();
  const own = newLocker();
  const lock = own.newLock(id);
  const holder = onAsked();
  await lock.lock(never(), holder.requestRelease);
  await breakLock(id);
  // Another process gets it without this one unlocking, and this one's request is told to stop.
  await Promise.all([holdInOtherProcess(id), holder.asked]);
  await lock.unlock();
  await own.close();
});
