import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { countCouponUsesInTx } from './countCouponUsesInTx.ts';
import { couponView, type CouponView } from './couponView.ts';
import { loadCouponCourse } from './loadCouponCourse.ts';

/** A course's coupons for its creator (or an admin), newest first, with their uses. */
export async function listCoupons(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<CouponView[]> {
  const { db } = services.database;
  const course = await loadCouponCourse(services, actor, { courseId });
  const rows = await db
    .selectFrom('coupon')
    .selectAll()
    .where('courseId', '=', course.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
  const uses = await countCouponUsesInTx(db, { couponIds: rows.map((r) => r.id) });
  return rows.map((r) => couponView(r, uses.get(r.id) ?? 0));
}
