import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import { b2cStatusUrl, b2cTimeoutUrl } from './payoutUrls.ts';

/**
 * Asks M-Pesa (Transaction Status) what became of a payout; the answer comes to handleStatusResult. Each
 * query gets a fresh token in its ResultURL, stored first, so only the answer to the latest query is read.
 * Asked by OriginatorConversationID: a receipt number would come from an unsigned result. `notWithinMs`:
 * skip the query when one was sent that recently (B2C results only trigger queries; a flood of them, forged
 * or repeated, costs one query).
 */
export async function queryPayoutStatus(
  services: Services,
  { payoutId, notWithinMs = 0 }: { payoutId: string; notWithinMs?: number },
): Promise<void> {
  const { db } = services.database;
  const now = services.clock.now();
  const token = newId();
  let q = db
    .updateTable('payout')
    .set({ checkedAt: now, statusToken: token })
    .where('id', '=', payoutId)
    .where('status', 'in', ['requested', 'sent'])
    .where('holdKind', 'is', null);
  if (notWithinMs > 0)
    q = q.where((eb) =>
      eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<=', new Date(now.getTime() - notWithinMs))]),
    );
  const claimed = await q.executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const p = await db
    .selectFrom('payout')
    .select(['id', 'originatorConversationId'])
    .where('id', '=', payoutId)
    .executeTakeFirstOrThrow();
  await services.daraja.transactionStatus({
    originatorConversationId: p.originatorConversationId,
    resultUrl: b2cStatusUrl(services.config, p.id, token),
    queueTimeoutUrl: b2cTimeoutUrl(services.config),
    occasion: p.id,
  });
}
