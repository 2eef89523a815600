// Payments, enrollments and refunds as the payments flow and the admin console write them.
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

export type PaymentOptions = Partial<Insertable<DB['payment']>> & {
  buyer: { id: string };
  course: { id: string; price: number };
};

/** A payment of `status` (paid unless told); a paid one comes with its enrollment, as settling leaves it. */
export async function payment(db: Kysely<DB>, { buyer, course, ...over }: PaymentOptions) {
  const at = over.createdAt ?? new Date();
  const status = over.status ?? 'paid';
  const row: Insertable<DB['payment']> & { id: string; amount: number } = {
    id: newId(),
    userId: buyer.id,
    courseId: course.id,
    amount: course.price,
    phone: '254712345678',
    status,
    idempotencyKey: newId(),
    mpesaReceipt: status === 'paid' || status === 'refunded' ? `R${newId().slice(0, 9).toUpperCase()}` : null,
    createdAt: at,
    updatedAt: at,
    paidAt: status === 'paid' || status === 'refunded' ? at : null,
    expiresAt: new Date(new Date(at).getTime() + 120_000),
    ...over,
  };
  await db.insertInto('payment').values(row).execute();
  if (row.status === 'paid') {
    await db
      .insertInto('enrollment')
      .values({ id: newId(), userId: buyer.id, courseId: course.id, paymentId: row.id, createdAt: row.paidAt ?? at })
      .execute();
    await db
      .updateTable('course')
      .set((eb) => ({ enrolledCount: eb('enrolledCount', '+', 1) }))
      .where('id', '=', course.id)
      .execute();
  }
  return row;
}

/** A payment as startPayment leaves it once the STK push went out (pending, with a CheckoutRequestID). */
export async function pendingPayment(
  db: Kysely<DB>,
  { at = new Date(), ...p }: { userId: string; courseId: string; amount: number; phone: string; at?: Date },
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
      createdAt: at,
      updatedAt: at,
      paidAt: null,
      expiresAt: new Date(at.getTime() + 90_000),
    })
    .execute();
  return id;
}

/** A refund M-Pesa confirmed (the payment marked refunded, its enrollment gone), as completeRefundInTx leaves it. */
export async function refund(
  db: Kysely<DB>,
  { payment, actorId, at }: { payment: { id: string; amount: number }; actorId: string; at: Date },
) {
  await db.updateTable('payment').set({ status: 'refunded' }).where('id', '=', payment.id).execute();
  await db.deleteFrom('enrollment').where('paymentId', '=', payment.id).execute();
  await db
    .insertInto('refund')
    .values({
      id: newId(),
      paymentId: payment.id,
      actorId,
      amount: payment.amount,
      providerRef: 'AG_TEST',
      createdAt: at,
    })
    .execute();
}
