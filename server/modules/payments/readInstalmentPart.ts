import type { Actor } from '#server/core/actor.ts';
import { conflict, invalidInput, notFound } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { canSplit, INSTALMENTS, INSTALMENT_TEXT, partAmounts } from '#common/instalments/instalments.ts';
import { newId } from '#server/lib/ids.ts';
import { canPayInstalment } from '../access/policies.ts';
import { planProgressInTx } from '../enrollments/planProgressInTx.ts';

/** The part a purchase pays: of a new plan (`isNew`: its row is made with the payment) or of the learner's plan. */
export interface InstalmentPart {
  planId: string;
  part: number;
  parts: number;
  total: number;
  amount: number;
  isNew: boolean;
  /** Parts already paid (the learner owns the course when this is above 0). */
  paidBefore: number;
}

/**
 * Checks an instalment purchase (decision 0068) and says which part it pays and for how much: a new plan of
 * `parts` parts (within what the creator allows) of `total` (the price, less a coupon), or the next part of the
 * learner's own plan, whose total was fixed when it started (so no coupon then). Every refusal is a 4xx
 * that changes nothing: someone else's plan is not found, a part already paid or out of order is a conflict.
 */
export async function readInstalmentPart(
  services: Services,
  actor: NonNullable<Actor>,
  {
    course,
    asked,
    total,
    couponCode,
  }: {
    course: { id: string; instalmentsMax: number };
    asked: { parts: number } | { planId: string; part: number };
    total: number;
    couponCode: string | undefined;
  },
): Promise<InstalmentPart> {
  const max = toNum(course.instalmentsMax);
  if (max < INSTALMENTS.minParts) throw conflict(INSTALMENT_TEXT.notOffered);
  if ('parts' in asked) {
    const { parts } = asked;
    if (parts < INSTALMENTS.minParts || parts > Math.min(max, INSTALMENTS.maxParts))
      throw invalidInput(INSTALMENT_TEXT.parts, { parts: INSTALMENT_TEXT.parts });
    if (!canSplit(total, parts)) throw conflict(INSTALMENT_TEXT.notOffered);
    const amount = partAmounts(total, parts)[0] ?? total;
    return { planId: newId(), part: 1, parts, total, amount, isNew: true, paidBefore: 0 };
  }
  const plan = await planProgressInTx(services.database.db, { planId: asked.planId });
  if (!plan || plan.courseId !== course.id || !canPayInstalment(actor, plan))
    throw notFound(INSTALMENT_TEXT.planNotFound);
  // The plan's total was priced (with its coupon) when it started.
  if (couponCode !== undefined) throw invalidInput(INSTALMENT_TEXT.onlyDirect);
  if (plan.stopped) throw conflict(INSTALMENT_TEXT.stopped);
  if (asked.part <= plan.paid) throw conflict(INSTALMENT_TEXT.partPaid);
  if (asked.part !== plan.paid + 1) throw conflict(INSTALMENT_TEXT.notNext);
  const amount = partAmounts(plan.total, plan.parts)[asked.part - 1];
  if (amount === undefined) throw conflict(INSTALMENT_TEXT.notNext);
  return {
    planId: plan.planId,
    part: asked.part,
    parts: plan.parts,
    total: plan.total,
    amount,
    isNew: false,
    paidBefore: plan.paid,
  };
}
