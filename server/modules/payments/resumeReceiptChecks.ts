import type { Services } from '#server/core/services.ts';
import { queryReceipt } from './queryReceipt.ts';

const BATCH = 50;
/** How long an unanswered receipt check waits before it is asked again, and for how long we keep asking. */
const RECHECK_MS = 10 * 60_000;
const GIVE_UP_MS = 7 * 24 * 3600_000;

/**
 * Receipt checks whose Transaction Status answer never came (Daraja does not retry a result nobody
 * received) are asked again now and then for a week; after that the payment keeps no receipt number.
 */
export async function resumeReceiptChecks(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  const before = new Date(now.getTime() - RECHECK_MS);
  const rows = await db
    .selectFrom('payment')
    .select('id')
    .where('receiptCheck', '=', 'pending')
    .where('paidAt', '>=', new Date(now.getTime() - GIVE_UP_MS))
    .where('paidAt', '<=', before)
    .where((eb) => eb.or([eb('receiptCheckedAt', 'is', null), eb('receiptCheckedAt', '<=', before)]))
    .orderBy('paidAt')
    .limit(BATCH)
    .execute();
  for (const p of rows) {
    await queryReceipt(services, { paymentId: p.id }).catch((err: unknown) =>
      services.log.warn({ paymentId: p.id, err: String(err) }, 'receipt check failed; asked again later'),
    );
  }
  return rows.length;
}
