import type { AppServices, Viewer } from '../../http/appContext.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { isId } from '../../lib/ids.ts';
import { canViewPayment } from '../access/policies.ts';
import { paymentView, type PaymentView } from './paymentView.ts';

/** A payment's live status for the purchase modal; only its payer may see it (others get a not-found). */
export async function getPaymentForPayer(services: AppServices, viewer: Viewer | null, paymentId: string): Promise<PaymentView> {
  if (!viewer) throw unauthorized();
  if (!isId(paymentId)) throw notFound('Payment not found.');
  const p = await services.database.db.selectFrom('payment').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!p || !canViewPayment(viewer, p)) throw notFound('Payment not found.');
  return paymentView(p);
}
