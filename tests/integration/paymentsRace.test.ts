// A callback can overtake the STK push answer (a slow network back to us): Daraja calls back before we
// stored the CheckoutRequestID. The callback must still settle the payment.
import { expect, it } from 'vitest';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { PHONES, newKey, worldForFile } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

const w = worldForFile({}, { callbackDelayMs: 0, pushAnswerDelayMs: 300 });

it('settles a payment whose callback arrived before the STK push answer', async () => {
  const { course } = await make.creatorWithCourse(w.t.db);
  const buyer = await make.actor(w.t.db);
  const r = await startPayment(w.running.services, buyer, {
    courseId: course.id,
    amount: 1500,
    phone: PHONES.success,
    idempotencyKey: newKey(),
  });
  if (r.kind !== 'payment') throw new Error('expected a payment');
  const tx = [...w.sim.transactions.values()][0]!;
  // The callback went out while our STK push was still waiting for its answer.
  expect(tx.callbacksSent).toBe(1);
  await eventually(async () => {
    const p = await w.t.db
      .selectFrom('payment')
      .select('status')
      .where('id', '=', r.payment.id)
      .executeTakeFirstOrThrow();
    return p.status === 'paid';
  });
  const enrolled = await w.t.db.selectFrom('enrollment').select('userId').where('courseId', '=', course.id).execute();
  expect(enrolled.map((e) => e.userId)).toEqual([buyer.userId]);
});
