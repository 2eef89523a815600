import type { Kysely } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { assertUsesLeftInTx } from './countCouponUsesInTx.ts';

/**
 * Takes one use of a coupon inside the caller's transaction (with the payment that holds it, or with a free
 * enrollment when `paymentId` is null), or throws "used up". Exactly once under concurrency: on PostgreSQL
 * the coupon row is locked, so racing buyers count one after the other and each sees the uses committed
 * before it; on SQLite the driver runs transactions one at a time.
 */
export async function holdCouponUseInTx(
  trx: Kysely<DB>,
  {
    couponId,
    userId,
    paymentId,
    dialect,
    now,
  }: { couponId: string; userId: string; paymentId: string | null; dialect: DialectName; now: Date },
): Promise<void> {
  let q = trx.selectFrom('coupon').select(['id', 'maxUses']).where('id', '=', couponId);
  if (dialect === 'postgres') q = q.forUpdate();
  const coupon = await q.executeTakeFirstOrThrow();
  await assertUsesLeftInTx(trx, coupon);
  await trx.insertInto('couponUse').values({ id: newId(), couponId, userId, paymentId, createdAt: now }).execute();
}
