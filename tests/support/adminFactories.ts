// Payments, enrollments and refunds as the payments flow and the admin console write them, for the admin
// and analytics tests.
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

export async function makePayment(
  db: Kysely<DB>,
  buyer: { id: string },
  course: { id: string; price: number },
  over: Partial<Insertable<DB['payment']>> = {},
) {
  const at = over.createdAt ?? new Date();
  const status = over.status ?? 'paid';
  const payment: Insertable<DB['payment']> & { id: string; amount: number } = {
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
  await db.insertInto('payment').values(payment).execute();
  if (payment.status === 'paid') {
    await db
      .insertInto('enrollment')
      .values({
        id: newId(),
        userId: buyer.id,
        courseId: course.id,
        paymentId: payment.id,
        createdAt: payment.paidAt ?? at,
      })
      .execute();
    await db
      .updateTable('course')
      .set((eb) => ({ enrolledCount: eb('enrolledCount', '+', 1) }))
      .where('id', '=', course.id)
      .execute();
  }
  return payment;
}

/** A refund already made (the payment is marked refunded and its enrollment gone), as refundPurchase leaves it. */
export async function makeRefund(db: Kysely<DB>, payment: { id: string; amount: number }, actorId: string, at: Date) {
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
