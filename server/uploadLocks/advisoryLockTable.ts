// Upload locks on PostgreSQL: session advisory locks held on one dedicated connection per process, so a
// process that dies (or loses its connection) lets go of every lock it held when its session ends.
// Asking a holder to let go, and telling waiters a lock is free, are NOTIFYs on one channel.
import pg from 'pg';
import type { Logger } from '../logging/logger.ts';
import type { LockTable } from './sharedLocker.ts';

const CHANNEL = 'darasa_upload_locks';
/** The first of the two 32-bit keys: upload locks' own key space (hashtext(id) is the second). */
const KEY_SPACE = 16_0032;

export function advisoryLockTable(databaseUrl: string, log: Logger): LockTable {
  let connecting: Promise<pg.Client> | null = null;
  /** The connected client whose session holds `ours` (an ended one's late events are ignored). */
  let current: pg.Client | null = null;
  /** Locks this process's session holds. */
  const ours = new Set<string>();
  let events: Parameters<LockTable['listen']>[0] = { asked() {}, lost() {}, freed() {} };

  const lose = (c: pg.Client, err?: Error) => {
    if (c !== current) return;
    current = null;
    connecting = null;
    if (err) log.warn({ err: err.message }, 'upload locks: connection lost');
    void c.end().catch(() => {});
    // The session is gone and its locks with it: the requests holding them must stop writing.
    const lost = [...ours];
    ours.clear();
    for (const id of lost) events.lost(id);
    events.freed();
  };

  const client = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('error', (err) => lose(c, err));
      c.on('end', () => lose(c));
      c.on('notification', (n) => {
        const payload = n.payload ?? '';
        const kind = payload.slice(0, payload.indexOf(':'));
        if (kind === 'ask' && ours.has(payload.slice(4))) events.asked(payload.slice(4));
        if (kind === 'free') events.freed();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${CHANNEL}`);
        current = c;
      } catch (err) {
        connecting = null;
        void c.end().catch(() => {});
        throw err;
      }
      return c;
    })());

  const notify = async (kind: 'ask' | 'free', id: string) => {
    await (await client()).query('select pg_notify($1, $2)', [CHANNEL, `${kind}:${id}`]);
  };

  return {
    async tryAcquire(id) {
      const c = await client();
      const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
        KEY_SPACE,
        id,
      ]);
      if (rows[0]?.ok) ours.add(id);
      return rows[0]?.ok === true;
    },
    async release(id) {
      if (!ours.delete(id)) return; // lost with its session already
      try {
        await (await client()).query('select pg_advisory_unlock($1, hashtext($2))', [KEY_SPACE, id]);
        await notify('free', id);
      } catch (err) {
        // The connection broke: its session, and the lock with it, ended.
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'upload locks: unlock failed');
      }
    },
    askRelease: (id) => notify('ask', id),
    listen(e) {
      events = e;
    },
    async close() {
      const c = connecting && (await connecting.catch(() => null));
      connecting = null;
      current = null;
      ours.clear();
      await c?.end().catch(() => {});
    },
  };
}
