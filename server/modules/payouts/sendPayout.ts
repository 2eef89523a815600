import type { Services } from '#server/core/services.ts';
import { DarajaError } from '#server/daraja/darajaError.ts';
import { payoutFailureReason } from '#common/payouts/payoutRules.ts';
import { holdPayout } from './holdPayout.ts';
import { isSuspendedInTx } from './isSuspendedInTx.ts';
import { b2cResultUrl, b2cTimeoutUrl } from './payoutUrls.ts';
import { settlePayout } from './settlePayout.ts';

/**
 * Asks M-Pesa to make a requested payout (B2C). Accepted: the payout is `sent` and waits for its result.
 * Refused outright (Daraja answered 4xx or a non-zero ResponseCode): nothing left Darasa, so it fails and
 * the money returns to the balance. Not reachable, or a 5xx: unknown, so this throws and the job retries
 * with the same OriginatorConversationID. A payout no longer `requested`, or held, is left alone; a
 * suspended creator's payout is held instead of sent.
 */
export async function sendPayout(services: Services, { payoutId }: { payoutId: string }): Promise<void> {
  const { db } = services.database;
  const p = await db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirst();
  if (p?.status !== 'requested' || p.holdKind) return;
  // Suspended after the payout was opened: nothing leaves until the account is restored (releasePayouts).
  if (await isSuspendedInTx(db, { creatorId: p.creatorId })) {
    await holdPayout(services, { payoutId: p.id, kind: 'suspended', reason: 'The creator’s account is suspended.' });
    return;
  }
  try {
    const answer = await services.daraja.b2cPayment({
      originatorConversationId: p.originatorConversationId,
      amount: p.amount,
      phone: p.phone,
      remarks: p.purpose === 'verification' ? 'Darasa payout number check' : 'Darasa creator earnings',
      occasion: p.id,
      resultUrl: b2cResultUrl(services.config),
      queueTimeoutUrl: b2cTimeoutUrl(services.config),
    });
    await db
      .updateTable('payout')
      .set({ status: 'sent', conversationId: answer.ConversationID, updatedAt: services.clock.now() })
      .where('id', '=', p.id)
      .where('status', '=', 'requested')
      .execute();
  } catch (err) {
    if (!(err instanceof DarajaError) || err.status === 0 || err.status === 401 || err.status >= 500) throw err;
    services.log.warn({ payoutId, err: err.message }, 'M-Pesa refused a payout');
    await settlePayout(services, {
      payoutId: p.id,
      outcome: 'failed',
      resultCode: null,
      resultDesc: err.message,
      reason: payoutFailureReason(null, err.message),
    });
  }
}
