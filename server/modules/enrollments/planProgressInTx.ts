import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toIso, toNum } from '#server/db/values.ts';

/** Where a learner's instalment plan stands (decision 0068). */
export interface PlanProgress {
  planId: string;
  userId: string;
  courseId: string;
  parts: number;
  /** Parts paid and not refunded (a part paid twice counts once: the second payment is returned). */
  paid: number;
  total: number;
  startedAt: Date;
  /** A part was refunded: no further part can be paid. */
  stopped: boolean;
}

/** A plan and how many of its parts are paid; null when there is no such plan. */
export async function planProgressInTx(trx: Kysely<DB>, { planId }: { planId: string }): Promise<PlanProgress | null> {
  const plan = await trx
    .selectFrom('instalmentPlan')
    .select(['id', 'userId', 'courseId', 'parts', 'total', 'createdAt', 'stoppedAt'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan) return null;
  const paid = await trx
    .selectFrom('payment')
    .select((eb) => eb.fn.count<number>('instalmentPart').distinct().as('n'))
    .where('instalmentPlanId', '=', planId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return {
    planId: plan.id,
    userId: plan.userId,
    courseId: plan.courseId,
    parts: toNum(plan.parts),
    paid: toNum(paid?.n ?? 0),
    total: toNum(plan.total),
    startedAt: new Date(toIso(plan.createdAt)),
    stopped: plan.stoppedAt !== null,
  };
}
