import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { parseDarajaResult } from '#server/daraja/b2cResult.ts';
import { readTransactionStatus } from '#server/daraja/statusResult.ts';
import { toIso } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { payoutFailureReason } from '#common/payouts/payoutRules.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { holdPayout } from './holdPayout.ts';
import { REQUESTED_GRACE_MS } from './payoutTiming.ts';
import { settlePayout } from './settlePayout.ts';
import { statusDisagreement } from './statusAgreement.ts';

/**
 * Daraja's answer to our Transaction Status query about a payout: the only message that settles one
 * (decision 0039). The URL names the payout and carries the token of the latest query we sent, so a forged
 * or stale answer is refused. An answer that agrees with the payout (request ids, amount, receiving
 * number, our shortcode) settles it: Completed → paid; Failed, Cancelled or Declined → failed, money back.
 * One that disagrees holds it for an admin with the reason. No record of it fails it only when M-Pesa had
 * time to record it before we asked (a request still being sent, or just sent, is asked again later);
 * errors and Pending teach nothing. A held or settled payout ignores every later answer.
 */
export async function handleStatusResult(
  services: Services,
  { secret, payoutId, token, body }: { secret: string; payoutId: string; token: string; body: unknown },
): Promise<{ settled: boolean }> {
  if (!safeEqual(secret, services.config.mpesa.b2cResultSecret) || !isId(payoutId)) throw notFound();
  const r = parseDarajaResult(body);
  if (!r) throw invalidInput('This is not an M-Pesa transaction status result.');
  const p = await services.database.db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirst();
  if (!p?.statusToken || !safeEqual(token, p.statusToken)) throw notFound();
  if (p.holdKind || (p.status !== 'requested' && p.status !== 'sent')) return { settled: false };
  const answer = readTransactionStatus(r);
  if (answer.kind === 'not_found') {
    // Measured from when it was sent (or opened, or released from a hold) to when we asked.
    const since = new Date(toIso(p.updatedAt)).getTime();
    const askedAfterMs = new Date(toIso(p.checkedAt ?? p.updatedAt)).getTime() - since;
    const recordTime = p.status === 'requested' ? REQUESTED_GRACE_MS : services.config.PAYOUT_QUERY_AFTER_S * 1000;
    if (askedAfterMs < recordTime) return { settled: false };
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
  const conversationId = r.params.ConversationID === undefined ? null : String(r.params.ConversationID);
  const why = statusDisagreement(p, answer, { shortcode: services.config.mpesa.b2cShortcode, conversationId });
  if (why) {
    await holdPayout(services, { payoutId: p.id, kind: 'mismatch', reason: why, raw: body });
    return { settled: false };
  }
  if (answer.status === 'Completed') {
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
    const reason = answer.reason || answer.status;
    const settled = await settlePayout(services, {
      payoutId: p.id,
      outcome: 'failed',
      resultCode: null,
      resultDesc: reason,
      reason: payoutFailureReason(null, reason),
      raw: body,
    });
    return { settled };
  }
  return { settled: false };
}
