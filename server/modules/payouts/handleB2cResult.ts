import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { parseDarajaResult } from '#server/daraja/b2cResult.ts';
import { queryPayoutStatus } from './queryPayoutStatus.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';

/** A flood of results (forged, or duplicates) for one payout makes at most one status query this often. */
const QUERY_AT_MOST_EVERY_MS = 15_000;

/**
 * Daraja's B2C result (ResultURL) or queue time-out notice (QueueTimeOutURL). Unsigned, so it is only a
 * trigger (decision 0039): whatever it says (paid, failed, timed out), the payout it names by
 * OriginatorConversationID (and, once we know it, ConversationID) is asked about with a Transaction Status
 * query, and only that answer settles it. Nothing of the result is kept: a forged success, failure or
 * receipt moves no money.
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
    .select(['id', 'conversationId'])
    .where('originatorConversationId', '=', r.originatorConversationId)
    .executeTakeFirst();
  if (!p || (p.conversationId && r.conversationId && p.conversationId !== r.conversationId))
    throw notFound('Unknown OriginatorConversationID.');
  services.log.info({ payoutId: p.id, kind, resultCode: r.resultCode }, 'B2C result received; asking its status');
  await queryPayoutStatus(services, { payoutId: p.id, notWithinMs: QUERY_AT_MOST_EVERY_MS }).catch((err: unknown) =>
    services.log.warn({ payoutId: p.id, err: String(err) }, 'status query failed; the reconciler will retry'),
  );
  return { settled: false };
}
