import type { Services } from '#server/core/services.ts';
import { queryIncoming } from './queryIncoming.ts';
import { queryReversal } from './queryReversal.ts';

const BATCH = 50;
/** How long an unanswered check waits before it is asked again, and for how long we keep asking. */
const RECHECK_MS = 10 * 60_000;
const GIVE_UP_MS = 7 * 24 * 3600_000;

/**
 * Transaction Status questions whose answer never came (Daraja does not retry a result nobody received)
 * are asked again now and then for a week: money told by a C2B confirmation or a second STK success, and
 * reversals (refunds, second payments returned) whose result never came or named nothing M-Pesa knows.
 * After a week they stay as they are, visible to admins.
 */
export async function resumeMoneyChecks(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  const before = new Date(now.getTime() - RECHECK_MS);
  const since = new Date(now.getTime() - GIVE_UP_MS);
  const incoming = await db
    .selectFrom('mpesaIncoming')
    .select(['id', 'state'])
    .where('state', 'in', ['checking', 'returning'])
    .where('createdAt', '>=', since)
    .where('updatedAt', '<=', before)
    .where((eb) => eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<=', before)]))
    .orderBy('updatedAt')
    .limit(BATCH)
    .execute();
  const refunds = await db
    .selectFrom('refund')
    .select('id')
    .where('status', '=', 'requested')
    .where('providerRef', 'is not', null)
    .where('createdAt', '>=', since)
    .where('updatedAt', '<=', before)
    .where((eb) => eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<=', before)]))
    .orderBy('updatedAt')
    .limit(BATCH)
    .execute();
  const asks = [
    ...incoming.map((r) =>
      r.state === 'checking'
        ? { table: 'mpesaIncoming' as const, id: r.id, ask: () => queryIncoming(services, { incomingId: r.id }) }
        : {
            table: 'mpesaIncoming' as const,
            id: r.id,
            ask: () => queryReversal(services, { subject: 'incoming', id: r.id }),
          },
    ),
    ...refunds.map((r) => ({
      table: 'refund' as const,
      id: r.id,
      ask: () => queryReversal(services, { subject: 'refund', id: r.id }),
    })),
  ];
  for (const a of asks) {
    await db.updateTable(a.table).set({ checkedAt: now }).where('id', '=', a.id).execute();
    await a
      .ask()
      .catch((err: unknown) =>
        services.log.warn({ id: a.id, err: String(err) }, 'money check failed; asked again later'),
      );
  }
  return asks.length;
}
