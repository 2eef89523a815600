import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import type { SmsSendResult } from '#server/sms/atSmsClient.ts';
import { applyDeliveryReportInTx } from './applyDeliveryReport.ts';

/**
 * Sends one SMS through Africa's Talking and records it (with the gateway's message id, so its delivery
 * report can find it). Returns our id and the gateway's verdict; never throws for a refusal.
 */
export async function sendSms(
  services: Services,
  {
    phone,
    purpose,
    text,
    signal,
  }: { phone: string; purpose: 'otp' | 'receipt' | 'gift' | 'notice'; text: string; signal?: AbortSignal },
): Promise<SmsSendResult & { id: string }> {
  const result = await services.sms.send(phone, text, signal);
  const now = services.clock.now();
  const id = newId();
  await services.database.db
    .insertInto('smsMessage')
    .values({
      id,
      providerMessageId: result.messageId,
      phone,
      purpose,
      status: result.outcome === 'accepted' ? 'sent' : 'failed',
      failureReason: result.outcome === 'accepted' ? null : result.detail.slice(0, 200),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  if (result.messageId)
    await applyDeliveryReportInTx(services.database.db, { providerMessageId: result.messageId, now });
  if (result.outcome !== 'accepted')
    services.log.warn(
      { smsId: id, statusCode: result.statusCode, detail: result.detail },
      'SMS refused by the gateway',
    );
  return { ...result, id };
}
