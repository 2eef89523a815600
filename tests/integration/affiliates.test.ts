// Affiliates end to end across modules (decision 0067), on SQLite and PostgreSQL (TEST_DATABASE_URL): a
// creator's commission setting (bounded, 4xx changing nothing), referral links, attribution (last referral
// within 30 days; never the buyer or the course's creator), the sale split three ways by the commission the
// purchase started with, the refund taking the commission back, purchases racing through one link, the
// affiliate's page, and the affiliate (a customer) paid once by the same payouts as creators.
import { describe, expect, it } from 'vitest';
import type { Actor } from '#server/core/actor.ts';
import { newId } from '#server/lib/ids.ts';
import { toNum } from '#server/db/values.ts';
import { getAffiliateDashboard } from '#server/modules/affiliates/getAffiliateDashboard.ts';
import { getCourseAffiliates } from '#server/modules/affiliates/getCourseAffiliates.ts';
import { getCourseReferral } from '#server/modules/affiliates/getCourseReferral.ts';
import { getReferralLink } from '#server/modules/affiliates/getReferralLink.ts';
import { recordReferral } from '#server/modules/affiliates/recordReferral.ts';
import { setCourseAffiliates } from '#server/modules/affiliates/setCourseAffiliates.ts';
import { creatorBalancesInTx } from '#server/modules/ledger/creatorBalancesInTx.ts';
import { completeRefundInTx } from '#server/modules/payments/completeRefundInTx.ts';
import { settlePayment } from '#server/modules/payments/settlePayment.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { adjustBalance } from '#server/modules/payouts/adjustBalance.ts';
import { settlePayout } from '#server/modules/payouts/settlePayout.ts';
import { withdraw } from '#server/modules/payouts/withdraw.ts';
import { make } from '#tests/support/factories/index.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { unbalancedEntries } from '#tests/support/unbalancedEntries.ts';

const FEE = 10;
const HOLD_DAYS = 3;
const DAY = 86_400_000;
const PHONE = '254708374149';
const world = useTestServices({ PLATFORM_FEE_PERCENT: String(FEE), PAYOUT_HOLD_DAYS: String(HOLD_DAYS) });

const as = (u: { id: string; role: string }) => ({ userId: u.id, role: u.role }) as NonNullable<Actor>;

/** A published course of KES `price` whose creator sells it through affiliates at `percent`. */
async function offeredCourse(price: number, percent = 20) {
  const { creator, course } = await make.creatorWithCourse(world.t.db, { price });
  await setCourseAffiliates(world.services, as(creator), { courseId: course.id, settings: { enabled: true, percent } });
  return { creator, course };
}

async function customer() {
  return as(await make.user(world.t.db, { role: 'customer' }));
}

/** A purchase by Paybill (no prompt), settled as paid: answers the payment id. */
async function buy(buyer: NonNullable<Actor>, course: { id: string; price: number }, at?: Date) {
  const services = at ? servicesAt(world.services, at) : world.services;
  const started = await startPayment(services, buyer, {
    courseId: course.id,
    amount: course.price,
    phone: PHONE,
    idempotencyKey: newId(),
    method: 'paybill',
  });
  if (started.kind !== 'payment') throw new Error('expected a payment');
  return started.payment.id;
}
const settle = (paymentId: string, at?: Date) =>
  settlePayment(at ? servicesAt(world.services, at) : world.services, {
    paymentId,
    outcome: 'paid',
    resultCode: 0,
    resultDesc: 'ok',
  });

/** The sale's lines by account and person. */
async function saleLines(paymentId: string) {
  const rows = await world.t.db
    .selectFrom('journalLine')
    .innerJoin('journalEntry', 'journalEntry.id', 'journalLine.entryId')
    .select(['journalEntry.kind', 'journalLine.account', 'journalLine.creatorId', 'journalLine.amount'])
    .where('journalEntry.paymentId', '=', paymentId)
    .execute();
  return rows.map((r) => ({ ...r, amount: toNum(r.amount) }));
}

const owed = async (userId: string, at = new Date(Date.now() + (HOLD_DAYS + 1) * DAY)) =>
  creatorBalancesInTx(world.t.db, { creatorId: userId, now: at });

describe('the creator’s commission setting', () => {
  it('is saved from 5 to 50 %; anything else is a 400 that changes nothing', async () => {
    const { creator, course } = await offeredCourse(1000, 20);
    for (const percent of [4, 51, 12.5, '30', null]) {
      await expect(
        setCourseAffiliates(world.services, as(creator), { courseId: course.id, settings: { enabled: true, percent } }),
      ).rejects.toMatchObject({
        code: 'invalid_input',
        message: 'The commission must be a whole number from 5 to 50 per cent.',
      });
    }
    expect(await getCourseAffiliates(world.services, as(creator), { courseId: course.id })).toEqual({
      enabled: true,
      percent: 20,
    });
    await setCourseAffiliates(world.services, as(creator), {
      courseId: course.id,
      settings: { enabled: false, percent: 50 },
    });
    expect(await getCourseAffiliates(world.services, as(creator), { courseId: course.id })).toEqual({
      enabled: false,
      percent: 50,
    });
  });

  it('is its creator’s or an admin’s: anyone else gets the 404 of a course that does not exist', async () => {
    const { course } = await offeredCourse(1000);
    const other = as(await make.user(world.t.db, { role: 'creator' }));
    const admin = as(await make.user(world.t.db, { role: 'admin' }));
    const settings = { enabled: true, percent: 30 };
    for (const actor of [null, await customer(), other]) {
      await expect(setCourseAffiliates(world.services, actor, { courseId: course.id, settings })).rejects.toMatchObject(
        {
          code: 'not_found',
        },
      );
      await expect(getCourseAffiliates(world.services, actor, { courseId: course.id })).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    await setCourseAffiliates(world.services, admin, { courseId: course.id, settings });
    expect(await getCourseAffiliates(world.services, admin, { courseId: course.id })).toMatchObject({ percent: 30 });
  });
});

describe('referral links', () => {
  it('are for signed-in customers and creators, never the course’s own creator or an admin', async () => {
    const { creator, course } = await offeredCourse(1000);
    const other = as(await make.user(world.t.db, { role: 'creator' }));
    const admin = as(await make.user(world.t.db, { role: 'admin' }));
    const input = { courseId: course.id };
    await expect(getReferralLink(world.services, null, input)).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(getReferralLink(world.services, admin, input)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(getReferralLink(world.services, as(creator), input)).rejects.toMatchObject({ code: 'forbidden' });
    const mine = await getReferralLink(world.services, await customer(), input);
    expect(mine.url).toBe(`${world.services.config.publicUrl}/course/${course.id}?ref=${mine.code}`);
    const theirs = await getReferralLink(world.services, other, input);
    // One code per person, the same for every course and every press.
    expect((await getReferralLink(world.services, other, input)).code).toBe(theirs.code);
    expect(theirs.code).not.toBe(mine.code);
  });

  it('are refused for a course not offering affiliate sales (404)', async () => {
    const { creator, course } = await make.creatorWithCourse(world.t.db, { price: 1000 });
    await expect(getReferralLink(world.services, await customer(), { courseId: course.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await setCourseAffiliates(world.services, as(creator), {
      courseId: course.id,
      settings: { enabled: false, percent: 20 },
    });
    await expect(getReferralLink(world.services, await customer(), { courseId: course.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('a purchase through a link', () => {
  it('splits the sale between creator, affiliate and Darasa by the commission it started with', async () => {
    const { creator, course } = await offeredCourse(1555, 15);
    const affiliate = await customer();
    const buyer = await customer();
    const { code } = await getReferralLink(world.services, affiliate, { courseId: course.id });
    expect(await recordReferral(world.services, buyer, { courseId: course.id, code })).not.toBeNull();
    expect((await getCourseReferral(world.services, buyer, { courseId: course.id })).referredBy).toBeTruthy();
    const paymentId = await buy(buyer, course);
    // The creator raises the commission while the buyer approves the payment: this purchase keeps 15 %.
    await setCourseAffiliates(world.services, as(creator), {
      courseId: course.id,
      settings: { enabled: true, percent: 50 },
    });
    await settle(paymentId);
    const fee = 156; // 10 % of 1,555, rounded
    const commission = 233; // 15 % of 1,555, rounded
    expect(await saleLines(paymentId)).toEqual(
      expect.arrayContaining([
        { kind: 'sale', account: 'mpesa_paybill', creatorId: null, amount: 1555 },
        { kind: 'sale', account: 'platform_fees', creatorId: null, amount: -fee },
        { kind: 'sale', account: 'creator_payable', creatorId: creator.id, amount: -(1555 - fee - commission) },
        { kind: 'sale', account: 'creator_payable', creatorId: affiliate.userId, amount: -commission },
      ]),
    );
    // Held like a creator's earnings.
    expect(await owed(affiliate.userId, new Date())).toMatchObject({ pending: commission, available: 0 });
    expect(await owed(affiliate.userId)).toMatchObject({ pending: 0, available: commission });
    expect(await unbalancedEntries(world.t.db)).toEqual([]);
  });

  it('pays no commission to the buyer themselves or to the course’s creator, even with a forged referral', async () => {
    const { creator, course } = await offeredCourse(1000);
    const buyer = await customer();
    const { code } = await getReferralLink(world.services, buyer, { courseId: course.id });
    // One's own link records nothing.
    expect(await recordReferral(world.services, buyer, { courseId: course.id, code })).toBeNull();
    for (const affiliateId of [buyer.userId, creator.id]) {
      await world.t.db
        .insertInto('referral')
        .values({ userId: buyer.userId, courseId: course.id, affiliateId, referredAt: new Date() })
        .onConflict((oc) => oc.columns(['userId', 'courseId']).doUpdateSet({ affiliateId }))
        .execute();
      expect((await getCourseReferral(world.services, buyer, { courseId: course.id })).referredBy).toBeNull();
    }
    const paymentId = await buy(buyer, course);
    await settle(paymentId);
    const lines = await saleLines(paymentId);
    expect(lines.filter((l) => l.account === 'creator_payable')).toEqual([
      { kind: 'sale', account: 'creator_payable', creatorId: creator.id, amount: -900 },
    ]);
    expect(await owed(buyer.userId)).toMatchObject({ pending: 0, available: 0 });
  });

  it('credits the last referral within 30 days; an older one (a cookie from before) never replaces it', async () => {
    const { course } = await offeredCourse(1000, 10);
    const [first, second, buyer] = [await customer(), await customer(), await customer()];
    const codeOf = async (a: NonNullable<Actor>) =>
      (await getReferralLink(world.services, a, { courseId: course.id })).code;
    const now = world.services.clock.now();
    await recordReferral(servicesAt(world.services, new Date(now.getTime() - 2 * DAY)), buyer, {
      courseId: course.id,
      code: await codeOf(first),
    });
    await recordReferral(world.services, buyer, { courseId: course.id, code: await codeOf(second) });
    // The first one's link, remembered in a cookie from before, comes in late: the newer referral stays.
    await recordReferral(world.services, buyer, {
      courseId: course.id,
      code: await codeOf(first),
      at: new Date(now.getTime() - DAY),
    });
    const paymentId = await buy(buyer, course);
    await settle(paymentId);
    expect(await owed(second.userId)).toMatchObject({ available: 100 });
    expect(await owed(first.userId)).toMatchObject({ available: 0 });

    // 31 days later the referral has lapsed: a new purchase of another course pays no one.
    const { course: later } = await offeredCourse(500, 10);
    const buyer2 = await customer();
    await recordReferral(world.services, buyer2, { courseId: later.id, code: await codeOf(first) });
    const at = new Date(now.getTime() + 31 * DAY);
    const id = await buy(buyer2, later, at);
    await settle(id, at);
    expect((await saleLines(id)).filter((l) => l.account === 'creator_payable')).toHaveLength(1);
  });

  it('is taken back by a refund, line for line', async () => {
    const { creator, course } = await offeredCourse(2000, 25);
    const affiliate = await customer();
    const buyer = await customer();
    const { code } = await getReferralLink(world.services, affiliate, { courseId: course.id });
    await recordReferral(world.services, buyer, { courseId: course.id, code });
    const paymentId = await buy(buyer, course);
    await settle(paymentId);
    expect(await owed(affiliate.userId)).toMatchObject({ available: 500 });
    const admin = await make.user(world.t.db, { role: 'admin' });
    // The admin's refund, confirmed by M-Pesa (requestRefund's row, then the confirmation's transaction).
    const refundId = newId();
    const now = new Date();
    await world.t.db
      .insertInto('refund')
      .values({
        id: refundId,
        paymentId,
        actorId: admin.id,
        amount: 2000,
        providerRef: `AG_${refundId}`,
        status: 'requested',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await world.t.db.transaction().execute((trx) => completeRefundInTx(trx, { refundId, now }));
    const lines = await saleLines(paymentId);
    const sum = (kind: string) =>
      lines
        .filter((l) => l.kind === kind)
        .map(({ account, creatorId, amount }) => ({ account, creatorId, amount: -amount }));
    expect(lines.filter((l) => l.kind === 'refund').map(({ kind: _, ...l }) => l)).toEqual(
      expect.arrayContaining(sum('sale')),
    );
    expect(await owed(affiliate.userId)).toMatchObject({ pending: 0, available: 0 });
    expect(await owed(creator.id)).toMatchObject({ pending: 0, available: 0 });
    const page = await getAffiliateDashboard(world.services, affiliate);
    expect(page.courses).toEqual([expect.objectContaining({ courseId: course.id, clicks: 1, sales: 0, earned: 0 })]);
  });

  it('splits purchases racing through one link, each once', async () => {
    const { creator, course } = await offeredCourse(1000, 30);
    const affiliate = await customer();
    const { code } = await getReferralLink(world.services, affiliate, { courseId: course.id });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => customer()));
    const ids = await Promise.all(
      buyers.map(async (b) => {
        await recordReferral(world.services, b, { courseId: course.id, code });
        return buy(b, course);
      }),
    );
    // Every callback twice, all at once.
    await Promise.all([...ids, ...ids].map((id) => settle(id)));
    expect(await owed(affiliate.userId)).toMatchObject({ available: 8 * 300 });
    expect(await owed(creator.id)).toMatchObject({ available: 8 * 600 });
    expect(await unbalancedEntries(world.t.db)).toEqual([]);
    const page = await getAffiliateDashboard(world.services, affiliate);
    expect(page.courses).toEqual([expect.objectContaining({ courseId: course.id, clicks: 8, sales: 8, earned: 2400 })]);
  });
});

describe('the affiliate’s page and payout', () => {
  it('is for signed-in customers and creators, not visitors or admins', async () => {
    const admin = as(await make.user(world.t.db, { role: 'admin' }));
    await expect(getAffiliateDashboard(world.services, null)).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(getAffiliateDashboard(world.services, admin)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await getAffiliateDashboard(world.services, await customer())).toEqual({ code: null, courses: [] });
    const creator = as(await make.user(world.t.db, { role: 'creator' }));
    expect(await getAffiliateDashboard(world.services, creator)).toEqual({ code: null, courses: [] });
  });

  it('pays a customer’s commission once, by the same B2C payouts as creators', async () => {
    const affiliate = await make.affiliateWithEarnings(world.services, { phone: PHONE, price: 3000, percent: 20 });
    expect(await owed(affiliate.userId, new Date())).toMatchObject({ available: 600 });
    const { payoutId } = await withdraw(world.services, affiliate, {});
    // A second press while it is on its way opens nothing.
    await expect(withdraw(world.services, affiliate, {})).rejects.toMatchObject({ code: 'conflict' });
    const result = { payoutId, outcome: 'paid', resultCode: 0, resultDesc: 'ok', receipt: 'UAB1C2D3E4' } as const;
    expect(await settlePayout(world.services, result)).toBeTruthy();
    expect(await settlePayout(world.services, result)).toBeFalsy();
    expect(await owed(affiliate.userId, new Date())).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 600 });
    const paid = await world.t.db
      .selectFrom('journalEntry')
      .select('id')
      .where('payoutId', '=', payoutId)
      .where('kind', '=', 'payout_paid')
      .execute();
    expect(paid).toHaveLength(1);
    // The admin's payout tools reach an affiliate too: an adjustment with its reason.
    const admin = as(await make.user(world.t.db, { role: 'admin' }));
    await adjustBalance(world.services, admin, { creatorId: affiliate.userId, amount: 150, reason: 'Goodwill' });
    expect(await owed(affiliate.userId, new Date())).toMatchObject({ available: 150 });
  });
});
