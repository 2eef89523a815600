import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { canViewPayment } from '../access/policies.ts';
import { paymentView, type PaymentView } from './paymentView.ts';

/** A payment's live status for the purchase modal; only its payer may see it (others get a not-found). */
export async function getPaymentForPayer(
  services: Services,
  actor: Actor,
  { paymentId }: { paymentId: string },
): Promise<PaymentView> {
  if (!actor) throw unauthenticated();
  if (!isId(paymentId)) throw notFound('Payment not found.');
  const p = await services.database.db.selectFrom('payment').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!p || !canViewPayment(actor, p)) throw notFound('Payment not found.');
  return paymentView(p, services.config.mpesa.shortcode, services.clock.now());
}
