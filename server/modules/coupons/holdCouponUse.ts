import type { Kysely } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { assertUsesLeft } from './countCouponUses.ts';

/**
 * Takes one use of a coupon inside the caller's transaction (with the payment that holds it, or with a free
 * enrollment when `paymentId` is null), or throws "used up". Exactly once under concurrency: on PostgreSQL
 * the coupon row is locked, so racing buyers count one after the other and each sees the uses committed
 * before it; on SQLite the driver runs transactions one at a time.
 */
export async function holdCouponUse(
  trx: Kysely<DB>,
  dialect: DialectName,
  use: { couponId: string; userId: string; paymentId: string | null },
  now: Date,
): Promise<void> {
  let q = trx.selectFrom('coupon').select(['id', 'maxUses']).where('id', '=', use.couponId);
  if (dialect === 'postgres') q = q.forUpdate();
  const coupon = await q.executeTakeFirstOrThrow();
  await assertUsesLeft(trx, coupon);
  await trx
    .insertInto('couponUse')
    .values({ id: newId(), couponId: use.couponId, userId: use.userId, paymentId: use.paymentId, createdAt: now })
    .execute();
}
