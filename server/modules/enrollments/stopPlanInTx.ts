import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { planProgressInTx } from './planProgressInTx.ts';

/**
 * A refunded instalment part (decision 0068; called once the payment is refunded): its plan stops, so no
 * further part can be paid, and access shrinks to the parts still paid. Answers the plan's id when no part
 * is left paid (its enrollment is then revoked by the caller), else null; null too for a whole purchase.
 */
export async function stopPlanInTx(
  trx: Kysely<DB>,
  { paymentId, now }: { paymentId: string; now: Date },
): Promise<string | null> {
  const p = await trx.selectFrom('payment').select('instalmentPlanId').where('id', '=', paymentId).executeTakeFirst();
  if (!p?.instalmentPlanId) return null;
  await trx
    .updateTable('instalmentPlan')
    .set({ stoppedAt: now })
    .where('id', '=', p.instalmentPlanId)
    .where('stoppedAt', 'is', null)
    .execute();
  const plan = await planProgressInTx(trx, { planId: p.instalmentPlanId });
  return plan && plan.paid === 0 ? plan.planId : null;
}
