// Upload locks on the embedded SQLite database (one machine): a lease row per locked upload (0024). The
// holding process renews its leases every second and, in the same statement, sees whether another
// process asked for one of them. A holder that died is recognised at once when it ran on this host (its
// pid is gone, or is our own pid under a new token: a restarted process in a container), and otherwise
// when its lease runs out. Node has no file locks, and a lease row needs no native module.
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { newId } from '../lib/ids.ts';
import type { LockTable } from './sharedLocker.ts';

const LEASE_MS = 30_000;
const RENEW_MS = 1_000;

function processIsGone(pid: number): boolean {
  if (pid === process.pid) return true; // the row is not ours (tokens differ): an earlier process with our pid
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function leaseLockTable(db: Kysely<DB>, log: Logger): LockTable {
  const host = os.hostname();
  const holder = `${host}/${process.pid}/${newId()}`;
  const ours = new Set<string>();
  let events: Parameters<LockTable['listen']>[0] = { asked() {}, lost() {}, freed() {} };
  let renewing: NodeJS.Timeout | undefined;

  const lease = () => ({ holder, host, pid: process.pid, expiresAt: Date.now() + LEASE_MS, releaseAsked: 0 });

  const renew = async () => {
    const before = [...ours];
    const rows = await db
      .updateTable('uploadLock')
      .set({ expiresAt: Date.now() + LEASE_MS })
      .where('holder', '=', holder)
      .returning(['uploadId', 'releaseAsked'])
      .execute();
    const still = new Set(rows.map((r) => r.uploadId));
    for (const id of before) {
      if (still.has(id) || !ours.has(id)) continue;
      // Taken over (our lease ran out while this process stalled): the request must stop writing.
      ours.delete(id);
      events.lost(id);
    }
    for (const r of rows) if (r.releaseAsked && ours.has(r.uploadId)) events.asked(r.uploadId);
  };

  const held = (id: string) => {
    ours.add(id);
    renewing ??= setInterval(() => {
      if (ours.size === 0) {
        clearInterval(renewing);
        renewing = undefined;
        return;
      }
      renew().catch((err: unknown) => log.warn({ err }, 'upload locks: renewing the leases failed'));
    }, RENEW_MS).unref();
    return true;
  };

  return {
    async tryAcquire(id) {
      const took = await db
        .insertInto('uploadLock')
        .values({ uploadId: id, ...lease() })
        .onConflict((oc) => oc.column('uploadId').doUpdateSet(lease()).where('uploadLock.expiresAt', '<', Date.now()))
        .returning('uploadId')
        .executeTakeFirst();
      if (took) return held(id);
      const row = await db
        .selectFrom('uploadLock')
        .select(['holder', 'host', 'pid'])
        .where('uploadId', '=', id)
        .executeTakeFirst();
      if (!row || row.host !== host || !processIsGone(row.pid)) return false;
      const { numUpdatedRows } = await db
        .updateTable('uploadLock')
        .set(lease())
        .where('uploadId', '=', id)
        .where('holder', '=', row.holder)
        .executeTakeFirst();
      return numUpdatedRows === 1n && held(id);
    },
    async release(id) {
      ours.delete(id);
      await db.deleteFrom('uploadLock').where('uploadId', '=', id).where('holder', '=', holder).execute();
    },
    async askRelease(id) {
      await db.updateTable('uploadLock').set({ releaseAsked: 1 }).where('uploadId', '=', id).execute();
    },
    listen(e) {
      events = e;
    },
    async close() {
      clearInterval(renewing);
      renewing = undefined;
      ours.clear();
      // Best effort: the database may be gone already (a shutdown because it failed), and leases a dead
      // holder leaves are taken over anyway (its pid is gone, or its lease runs out).
      await db
        .deleteFrom('uploadLock')
        .where('holder', '=', holder)
        .execute()
        .catch(() => {});
    },
  };
}
