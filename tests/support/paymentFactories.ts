// A payment row as startPayment leaves it once the STK push went out (status pending, a CheckoutRequestID),
// for tests that settle it themselves through settlePayment.
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

export async function insertPendingPayment(
  db: Kysely<DB>,
  p: { userId: string; courseId: string; amount: number; phone: string },
  now = new Date(),
): Promise<string> {
  const id = newId();
  await db
    .insertInto('payment')
    .values({
      id,
      ...p,
      status: 'pending',
      resultCode: null,
      resultDesc: null,
      merchantRequestId: null,
      checkoutRequestId: `ws_CO_${id}`,
      mpesaReceipt: null,
      idempotencyKey: id,
      rawRequest: null,
      rawCallback: null,
      rawQuery: null,
      checkedAt: null,
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      expiresAt: new Date(now.getTime() + 90_000),
    })
    .execute();
  return id;
}
