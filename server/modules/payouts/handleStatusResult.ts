import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { parseDarajaResult } from '#server/daraja/b2cResult.ts';
import { readTransactionStatus } from '#server/daraja/statusResult.ts';
import { isId } from '#common/ids.ts';
import { payoutFailureReason } from '#common/payouts/payoutRules.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { settlePayout } from './settlePayout.ts';

/**
 * Daraja's answer to a Transaction Status query about a payout (the URL names the payout). Completed: paid,
 * with the receipt. Failed: failed, with M-Pesa's reason. No record of it: M-Pesa never processed the
 * request (it timed out in the queue, or never arrived), so no money left and it fails; a payout still
 * being processed is left for the next query.
 */
export async function handleStatusResult(
  services: Services,
  { secret, payoutId, body }: { secret: string; payoutId: string; body: unknown },
): Promise<{ settled: boolean }> {
  if (!safeEqual(secret, services.config.mpesa.b2cResultSecret) || !isId(payoutId)) throw notFound();
  const r = parseDarajaResult(body);
  if (!r) throw invalidInput('This is not an M-Pesa transaction status result.');
  const p = await services.database.db
    .selectFrom('payout')
    .select(['id', 'amount', 'originatorConversationId'])
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!p) throw notFound();
  const answer = readTransactionStatus(r);
  if (answer.kind === 'not_found') {
    const settled = await settlePayout(services, {
      payoutId: p.id,
      outcome: 'failed',
      resultCode: r.resultCode,
      resultDesc: r.resultDesc,
      reason: payoutFailureReason(r.resultCode),
      raw: body,
    });
    return { settled };
  }
  if (answer.kind === 'no_answer') return { settled: false };
  if (answer.originatorConversationId !== null && answer.originatorConversationId !== p.originatorConversationId)
    throw notFound();
  if (answer.status === 'Completed') {
    if (answer.amount !== p.amount) throw invalidInput('The result does not match the payout.');
    const settled = await settlePayout(services, {
      payoutId: p.id,
      outcome: 'paid',
      resultCode: 0,
      resultDesc: 'Completed (Transaction Status)',
      receipt: answer.receipt,
      receiverName: answer.creditParty || null,
      raw: body,
    });
    return { settled };
  }
  if (answer.status === 'Failed' || answer.status === 'Cancelled' || answer.status === 'Declined') {
    const why = answer.reason || answer.status;
    const settled = await settlePayout(services, {
      payoutId: p.id,
      outcome: 'failed',
      resultCode: null,
      resultDesc: why,
      reason: payoutFailureReason(null, why),
      raw: body,
    });
    return { settled };
  }
  return { settled: false };
}
