import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { loadCouponCourse } from './loadCouponCourse.ts';

/**
 * Stops a code from being applied from now on. Uses already held (an open payment) are honoured; the code
 * stays listed, so the creator still sees how often it was used.
 */
export async function deactivateCoupon(
  services: Services,
  actor: Actor,
  { courseId, couponId }: { courseId: string; couponId: string },
): Promise<void> {
  const { db } = services.database;
  const course = await loadCouponCourse(services, actor, { courseId });
  if (!isId(couponId)) throw notFound('Coupon not found.');
  const r = await db
    .updateTable('coupon')
    .set({ active: false })
    .where('id', '=', couponId)
    .where('courseId', '=', course.id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('Coupon not found.');
}
