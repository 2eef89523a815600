import type { Kysely } from 'kysely';
import type { DB, PaymentStatus } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { usedUp } from './findCouponInTx.ts';

/**
 * Payments whose coupon use still counts: open ones hold it, paid ones spent it. A failed, cancelled, expired
 * or refunded payment gives it back just by being in that state (and a late success takes it again); a refund
 * is final (`refunded` has no way out), so a refunded use can never count twice.
 */
const HOLDING: readonly PaymentStatus[] = ['created', 'pending', 'paid'];

/** Uses per coupon id (ids with no use are absent). */
export async function countCouponUsesInTx(
  trx: Kysely<DB>,
  { couponIds }: { couponIds: readonly string[] },
): Promise<Map<string, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('couponUse as u')
    .leftJoin('payment as p', 'p.id', 'u.paymentId')
    .select(['u.couponId', (eb) => eb.fn.countAll().as('n')])
    .where('u.couponId', 'in', couponIds)
    .where((eb) => eb.or([eb('u.paymentId', 'is', null), eb('p.status', 'in', HOLDING)]))
    .groupBy('u.couponId')
    .execute();
  return new Map(rows.map((r) => [r.couponId, toNum(r.n)]));
}

/** Throws "used up" when a coupon with a maximum has no use left (the caller decides whether it holds a lock). */
export async function assertUsesLeftInTx(
  trx: Kysely<DB>,
  { id, maxUses }: { id: string; maxUses: number | null },
): Promise<void> {
  if (maxUses == null) return;
  const uses = (await countCouponUsesInTx(trx, { couponIds: [id] })).get(id) ?? 0;
  if (uses >= toNum(maxUses)) throw usedUp();
}
