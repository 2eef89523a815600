import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/**
 * Shows a kept delivery report on its message, if both are there yet. The report's receiver and the send
 * each call this after writing their own part, so whichever comes second finds the other's (a report
 * can arrive before the send that produced its message id has recorded the message).
 */
export async function applyDeliveryReportInTx(
  trx: Kysely<DB>,
  { providerMessageId, now }: { providerMessageId: string; now: Date },
): Promise<void> {
  const report = await trx
    .selectFrom('smsDeliveryReport')
    .select(['status', 'failureReason'])
    .where('providerMessageId', '=', providerMessageId)
    .executeTakeFirst();
  if (!report) return;
  await trx
    .updateTable('smsMessage')
    .set({ status: report.status, failureReason: report.failureReason, updatedAt: now })
    .where('providerMessageId', '=', providerMessageId)
    .execute();
}
