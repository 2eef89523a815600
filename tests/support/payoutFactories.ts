// Builders for the payout tests: paid sales as the payment module records them (through settlePayment,
// so the ledger entry is the real one) and verified payout accounts.
import type { Kysely } from 'kysely';
import type { Services } from '#server/core/services.ts';
import type { DB } from '#server/db/schema.ts';
import { settlePayment } from '#server/modules/payments/settlePayment.ts';
import { makeUser } from './factories.ts';
import { insertPendingPayment } from './paymentFactories.ts';
import { servicesAt } from './servicesAt.ts';

/** A purchase of `course` settled as paid at `now` (the sale enters the ledger there). */
export async function makePaidSale(
  services: Services,
  course: { id: string; price: number },
  now: Date,
  buyerId?: string,
): Promise<string> {
  const db = services.database.db;
  const userId = buyerId ?? (await makeUser(db, { role: 'customer' })).id;
  const id = await insertPendingPayment(
    db,
    { userId, courseId: course.id, amount: course.price, phone: '254708374149' },
    now,
  );
  await settlePayment(servicesAt(services, now), {
    paymentId: id,
    outcome: 'paid',
    resultCode: 0,
    resultDesc: 'ok',
    receipt: 'SIM0000001',
  });
  return id;
}

/** A payout account whose number is already verified. */
export async function makeVerifiedAccount(db: Kysely<DB>, creatorId: string, phone: string, now = new Date()) {
  await db
    .insertInto('payoutAccount')
    .values({
      userId: creatorId,
      phone,
      verifiedPhone: phone,
      verifiedName: 'Test Creator',
      verifiedAt: now,
      lastAutoAt: null,
      holdReason: null,
      heldBy: null,
      heldAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ phone, verifiedPhone: phone, updatedAt: now }))
    .execute();
}
