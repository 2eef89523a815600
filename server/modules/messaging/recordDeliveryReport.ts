import { safeEqual } from '#server/lib/safeEqual.ts';
import type { Services } from '#server/core/services.ts';
import { notFound } from '#server/core/errors.ts';
import { FINAL_FAILURES } from '#server/sms/statusCodes.ts';
import { applyDeliveryReportInTx } from './applyDeliveryReport.ts';

/**
 * An Africa's Talking delivery report (form fields id, status, phoneNumber, networkCode, failureReason,
 * retryCount) on the secret URL set on AT's dashboard. Reports are not signed: the secret path is the
 * guard, and a report can only move a message we sent, by its message id, to delivered or failed. It is
 * kept, so a report that outruns the send's own record still reaches the message (applyDeliveryReport.ts).
 */
export async function recordDeliveryReport(
  services: Services,
  { secret, form }: { secret: string; form: Record<string, string> },
): Promise<void> {
  const expected = services.config.sms.deliveryReportSecret;
  if (!expected || !safeEqual(secret, expected)) throw notFound();
  const id = form.id?.slice(0, 100);
  if (!id) return;
  const status = form.status === 'Success' ? 'delivered' : FINAL_FAILURES.has(form.status ?? '') ? 'failed' : null;
  if (!status) return; // Sent, Submitted, Buffered: not final, nothing to tell anyone yet.
  const now = services.clock.now();
  const failureReason = status === 'failed' ? (form.failureReason ?? form.status ?? '').slice(0, 200) : null;
  const { db } = services.database;
  await db
    .insertInto('smsDeliveryReport')
    .values({ providerMessageId: id, status, failureReason, receivedAt: now })
    .onConflict((oc) => oc.column('providerMessageId').doUpdateSet({ status, failureReason, receivedAt: now }))
    .execute();
  await applyDeliveryReportInTx(db, { providerMessageId: id, now });
}
