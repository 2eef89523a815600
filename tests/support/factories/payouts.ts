// Paid sales as the payment module records them (through settlePayment, so the ledger entry is the real
// one), verified payout accounts, and creators with money to withdraw.
import type { Kysely } from 'kysely';
import type { SessionUser } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import type { DB } from '#server/db/schema.ts';
import { settlePayment } from '#server/modules/payments/settlePayment.ts';
import { createGiftInTx } from '#server/modules/gifts/createGiftInTx.ts';
import { course as makeCourse } from './catalog.ts';
import { pendingPayment } from './payments.ts';
import { user } from './people.ts';
import { servicesAt } from '../servicesAt.ts';

/**
 * A purchase of `course` settled as paid at `at` (the sale enters the ledger then); answers the payment id.
 * With `giftTo` (2547XXXXXXXX), a gift for that number, as startPayment records one: nobody is enrolled.
 * With `referral`, made through that affiliate's link at that commission, as startPayment records one.
 */
export async function paidSale(
  services: Services,
  {
    course,
    at,
    buyerId,
    giftTo,
    referral,
  }: {
    course: { id: string; price: number };
    at: Date;
    buyerId?: string;
    giftTo?: string;
    referral?: { affiliateId: string; percent: number };
  },
): Promise<string> {
  const db = services.database.db;
  const userId = buyerId ?? (await user(db, { role: 'customer' })).id;
  const id = await pendingPayment(db, {
    userId,
    courseId: course.id,
    amount: course.price,
    phone: '254708374149',
    at,
  });
  if (giftTo)
    await createGiftInTx(db, {
      paymentId: id,
      buyerId: userId,
      courseId: course.id,
      recipientPhone: giftTo,
      language: 'en',
      now: at,
    });
  if (referral)
    await db
      .insertInto('paymentReferral')
      .values({ paymentId: id, courseId: course.id, createdAt: at, ...referral })
      .execute();
  await settlePayment(servicesAt(services, at), {
    paymentId: id,
    outcome: 'paid',
    resultCode: 0,
    resultDesc: 'ok',
    receipt: 'SIM0000001',
  });
  return id;
}

/** A payout account whose number is already verified. */
export async function payoutAccount(
  db: Kysely<DB>,
  { creatorId, phone, at = new Date() }: { creatorId: string; phone: string; at?: Date },
) {
  await db
    .insertInto('payoutAccount')
    .values({
      userId: creatorId,
      phone,
      verifiedPhone: phone,
      verifiedName: 'Test Creator',
      verifiedAt: at,
      lastAutoAt: null,
      holdReason: null,
      heldBy: null,
      heldAt: null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ phone, verifiedPhone: phone, updatedAt: at }))
    .execute();
}

/**
 * A creator (as an actor) whose sale of `price` made at `at` (by default just past the holding period, so
 * the money is available) is paid out to `phone`, a verified number.
 */
export async function creatorWithEarnings(
  services: Services,
  { phone, price = 1000, at }: { phone: string; price?: number; at?: Date },
): Promise<SessionUser> {
  const db = services.database.db;
  const u = await user(db, { role: 'creator' });
  const c = await makeCourse(db, { creator: u, price });
  const soldAt = at ?? new Date(services.clock.now().getTime() - (services.config.PAYOUT_HOLD_DAYS + 1) * 86_400_000);
  await paidSale(services, { course: c, at: soldAt });
  await payoutAccount(db, { creatorId: u.id, phone });
  return { userId: u.id, role: 'creator', name: u.name, email: u.email as string, locale: 'en' };
}

/**
 * An affiliate (a customer, as an actor, decision 0067) whose commission of `percent` on a sale of another
 * creator's course of `price`, made just past the holding period, is available, paid out to `phone`.
 */
export async function affiliateWithEarnings(
  services: Services,
  { phone, price = 1000, percent = 20 }: { phone: string; price?: number; percent?: number },
): Promise<SessionUser> {
  const db = services.database.db;
  const a = await user(db, { role: 'customer' });
  const c = await makeCourse(db, { creator: await user(db, { role: 'creator' }), price });
  const soldAt = new Date(services.clock.now().getTime() - (services.config.PAYOUT_HOLD_DAYS + 1) * 86_400_000);
  await paidSale(services, { course: c, at: soldAt, referral: { affiliateId: a.id, percent } });
  await payoutAccount(db, { creatorId: a.id, phone });
  return { userId: a.id, role: 'customer', name: a.name, email: a.email as string, locale: 'en' };
}
