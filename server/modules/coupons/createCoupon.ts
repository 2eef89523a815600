import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { conflict } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { newId } from '#server/lib/ids.ts';
import { createCouponSchema } from '#common/coupons/couponSchemas.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { couponView, type CouponView } from './couponView.ts';
import { loadCouponCourse } from './loadCouponCourse.ts';

/**
 * A new code for a course, by its creator (or an admin). The code is unique per course, in any case. The
 * coupon's details are checked only once the actor may manage the course (a stranger learns nothing).
 */
export async function createCoupon(
  services: Services,
  actor: Actor,
  { courseId, coupon }: { courseId: string; coupon: unknown },
): Promise<CouponView> {
  const { db } = services.database;
  const course = await loadCouponCourse(services, actor, { courseId });
  const data = parseInput(createCouponSchema, coupon, 'Please check the coupon details');
  const row = {
    id: newId(),
    courseId: course.id,
    code: data.code,
    kind: data.kind,
    value: data.value,
    expiresAt: data.expiresAt ? new Date(data.expiresAt) : null,
    maxUses: data.maxUses ?? null,
    active: true,
    createdBy: course.actorId,
    createdAt: services.clock.now(),
  };
  try {
    await db.insertInto('coupon').values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(COUPON_TEXT.duplicate, { code: COUPON_TEXT.duplicate });
    throw err;
  }
  return couponView(row, 0);
}
