// The tus locker for several web processes on one database (decision 0032). tus takes a lock per upload
// for every HEAD/PATCH/POST/DELETE; with the in-memory locker two processes could both write one upload.
// Here a lock is held in a `LockTable` every process sees, and within the process in a map (so two
// requests of one process never share a table lock). As in tus's MemoryLocker, a request that wants a held
// lock asks the holder to let go (tus then drains and aborts the holder's request) and waits for it.
import type { Lock, Locker, RequestRelease } from '@tus/server';

/** Where processes find each other's locks (PostgreSQL advisory locks, or a lease table on SQLite). */
export interface LockTable {
  /** Takes the lock for this process if nobody holds it; false if another process does. */
  tryAcquire(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  /** Asks whichever process holds `id` to let go. */
  askRelease(id: string): Promise<void>;
  /**
   * `asked(id)`: another process wants a lock this one holds. `lost(id)`: this process no longer holds it
   * (its connection or lease is gone), so the request holding it must stop writing. `freed()`: a lock may
   * have become free, so waiters try again at once instead of at their next poll.
   */
  listen(events: { asked(id: string): void; lost(id: string): void; freed(): void }): void;
  close(): Promise<void>;
}

/** tus answers a request that could not get its lock in time with this (tus-js-client retries a 423). */
export const LOCK_BUSY = { status_code: 423, body: 'This upload is busy in another request; try again.' };

const POLL_MS = 250;

export interface SharedLocker extends Locker {
  close(): Promise<void>;
}

export function createSharedLocker(table: LockTable, opts: { acquireTimeoutMs?: number } = {}): SharedLocker {
  const acquireTimeoutMs = opts.acquireTimeoutMs ?? 30_000;
  /** Locks this process holds, with the way to ask their request to let go. */
  const held = new Map<string, RequestRelease>();
  const waiters = new Set<() => void>();
  const wakeWaiters = () => {
    for (const wake of [...waiters]) wake();
  };
  table.listen({
    asked: (id) => void held.get(id)?.(),
    lost: (id) => void held.get(id)?.(),
    freed: wakeWaiters,
  });

  /** Resolves at the next wake-up, poll or abort, whichever comes first. */
  const nextTry = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });

  const acquire = async (id: string, requestRelease: RequestRelease, stop: AbortSignal): Promise<void> => {
    const deadline = AbortSignal.any([stop, AbortSignal.timeout(acquireTimeoutMs)]);
    for (;;) {
      if (deadline.aborted) throw LOCK_BUSY;
      const local = held.get(id);
      if (local) {
        await local();
      } else {
        // Taken before the table is asked, so a second request of this process waits here, not in the table.
        held.set(id, requestRelease);
        let acquired = false;
        try {
          acquired = await table.tryAcquire(id);
        } finally {
          if (!acquired) held.delete(id);
        }
        if (acquired) {
          // Given up while the table answered: hand the lock back rather than keep it with nobody to free it.
          if (deadline.aborted) {
            await release(id);
            throw LOCK_BUSY;
          }
          return;
        }
        wakeWaiters();
        await table.askRelease(id);
      }
      await nextTry(deadline);
    }
  };

  const release = async (id: string) => {
    held.delete(id);
    try {
      await table.release(id);
    } finally {
      wakeWaiters();
    }
  };

  return {
    newLock(id: string): Lock {
      let mine = false;
      return {
        async lock(signal, requestRelease) {
          await acquire(id, requestRelease, signal);
          mine = true;
        },
        async unlock() {
          if (!mine) throw new Error('Releasing an unlocked lock!');
          mine = false;
          await release(id);
        },
      };
    },
    close: () => table.close(),
  };
}
