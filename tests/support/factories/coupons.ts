// Coupons as createCoupon writes them, and uses as a purchase holds them.
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { nextSeq } from './sequence.ts';

export type CouponOptions = Partial<Insertable<DB['coupon']>> & { courseId: string; createdBy: string };

/** An active 20 %-off code (unique unless `code` is given), no expiry, no use limit unless told. */
export async function coupon(db: Kysely<DB>, over: CouponOptions) {
  const row = {
    id: newId(),
    code: `SAVE-${nextSeq()}`,
    kind: 'percent' as const,
    value: 20,
    expiresAt: null,
    maxUses: null,
    active: true,
    createdAt: new Date(),
    ...over,
  };
  await db.insertInto('coupon').values(row).execute();
  return row;
}

/** One use of a coupon, held by `paymentId` (or by no payment, as a free enrollment keeps it). */
export async function couponUse(
  db: Kysely<DB>,
  { couponId, userId, paymentId = null }: { couponId: string; userId: string; paymentId?: string | null },
) {
  await db
    .insertInto('couponUse')
    .values({ id: newId(), couponId, userId, paymentId, createdAt: new Date() })
    .execute();
}
