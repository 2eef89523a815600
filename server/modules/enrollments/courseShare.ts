import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { planProgressInTx, type PlanProgress } from './planProgressInTx.ts';

/**
 * Whether the actor owns the course and, when they are paying it in instalments, where their plan stands
 * (decision 0068: the lessons open follow the parts paid). A visitor owns nothing.
 */
export async function courseShare(
  services: Pick<Services, 'database'>,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<{ enrolled: boolean; plan: PlanProgress | null }> {
  if (!actor) return { enrolled: false, plan: null };
  const { db } = services.database;
  const row = await db
    .selectFrom('enrollment')
    .select('instalmentPlanId')
    .where('userId', '=', actor.userId)
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  if (!row) return { enrolled: false, plan: null };
  return {
    enrolled: true,
    plan: row.instalmentPlanId ? await planProgressInTx(db, { planId: row.instalmentPlanId }) : null,
  };
}
