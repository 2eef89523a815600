import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { parseDarajaResult } from '#server/daraja/b2cResult.ts';
import { payoutFailureReason } from '#common/payouts/payoutRules.ts';
import { queryPayoutStatus } from './queryPayoutStatus.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { settlePayout } from './settlePayout.ts';

/**
 * Daraja's B2C result (ResultURL) or queue time-out notice (QueueTimeOutURL). Unsigned: the URL must carry
 * our secret and the result must name a payout of ours by OriginatorConversationID and, once we know it,
 * ConversationID; a success must carry the payout's amount. A result settles the payout (once: duplicates
 * and late results change nothing). A time-out says only that M-Pesa has not processed it yet, so it is
 * not a failure: the payout is asked about with a Transaction Status query.
 */
export async function handleB2cResult(
  services: Services,
  { kind, secret, body }: { kind: 'result' | 'timeout'; secret: string; body: unknown },
): Promise<{ settled: boolean }> {
  if (!safeEqual(secret, services.config.mpesa.b2cResultSecret)) throw notFound();
  const r = parseDarajaResult(body);
  if (!r?.originatorConversationId) throw invalidInput('This is not an M-Pesa B2C result.');
  const p = await services.database.db
    .selectFrom('payout')
    .select(['id', 'amount', 'conversationId', 'status'])
    .where('originatorConversationId', '=', r.originatorConversationId)
    .executeTakeFirst();
  if (!p || (p.conversationId && r.conversationId && p.conversationId !== r.conversationId))
    throw notFound('Unknown OriginatorConversationID.');
  if (kind === 'timeout') {
    services.log.warn({ payoutId: p.id }, 'B2C request timed out in M-Pesa’s queue; asking its status');
    await queryPayoutStatus(services, { payoutId: p.id }).catch((err: unknown) =>
      services.log.warn({ payoutId: p.id, err: String(err) }, 'status query failed; the reconciler will retry'),
    );
    return { settled: false };
  }
  if (r.resultCode === 0) {
    const amount = Number(r.params.TransactionAmount);
    if (amount !== p.amount) {
      services.log.warn({ payoutId: p.id }, 'B2C result with a different amount refused');
      throw invalidInput('The result does not match the payout.');
    }
    const settled = await settlePayout(services, {
      payoutId: p.id,
      outcome: 'paid',
      resultCode: 0,
      resultDesc: r.resultDesc,
      receipt: String(r.params.TransactionReceipt ?? r.transactionId ?? ''),
      receiverName: r.params.ReceiverPartyPublicName === undefined ? null : String(r.params.ReceiverPartyPublicName),
      raw: body,
    });
    return { settled };
  }
  const settled = await settlePayout(services, {
    payoutId: p.id,
    outcome: 'failed',
    resultCode: r.resultCode,
    resultDesc: r.resultDesc,
    reason: payoutFailureReason(r.resultCode, r.resultDesc),
    raw: body,
  });
  return { settled };
}
