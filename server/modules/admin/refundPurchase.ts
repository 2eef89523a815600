import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { requestRefund } from '../payments/requestRefund.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

/** An admin refunds a paid purchase (or asks again after a reversal failed): payments/requestRefund.ts. */
export async function refundPurchase(
  services: Services,
  actor: Actor,
  { paymentId, reason = '' }: { paymentId: string; reason?: string },
): Promise<{ status: 'requested'; providerRef: string }> {
  requireAdmin(actor);
  if (!isId(paymentId)) throw notFound('Purchase not found.');
  return requestRefund(services, { paymentId, actorId: actor.userId, reason });
}
