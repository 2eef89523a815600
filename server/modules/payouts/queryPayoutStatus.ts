import type { Services } from '#server/core/services.ts';
import { b2cStatusUrl, b2cTimeoutUrl } from './payoutUrls.ts';

/** Asks M-Pesa (Transaction Status) what became of a payout; the answer comes to handleStatusResult. */
export async function queryPayoutStatus(services: Services, { payoutId }: { payoutId: string }): Promise<void> {
  const { db } = services.database;
  const p = await db
    .selectFrom('payout')
    .select(['id', 'originatorConversationId', 'receipt', 'status'])
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!p || (p.status !== 'requested' && p.status !== 'sent')) return;
  await db.updateTable('payout').set({ checkedAt: services.clock.now() }).where('id', '=', p.id).execute();
  await services.daraja.transactionStatus({
    ...(p.receipt ? { transactionId: p.receipt } : {}),
    originatorConversationId: p.originatorConversationId,
    resultUrl: b2cStatusUrl(services.config, p.id),
    queueTimeoutUrl: b2cTimeoutUrl(services.config),
    occasion: p.id,
  });
}
