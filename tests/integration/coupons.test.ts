// Coupons over real HTTP with real sessions: who manages a course's codes, bad input refused with a 4xx
// and nothing changed, "Apply" wired to its route, and buying at the discounted
// price through the Daraja simulator (the STK push, the payment and the ledger all see the paid amount).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, getJson, postJson } from '#tests/support/httpClient.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import {
  PHONES,
  confirmedReceipt,
  newKey,
  pushes,
  startWorld,
  type World,
  withReceiptChecks,
} from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';

let w: World;
let creator: Person;
let other: Person;
let customer: Person;
let admin: Person;
let course: { id: string };

beforeAll(async () => {
  w = await startWorld();
  [creator, other, customer, admin] = [
    await signedIn(w, 'creator'),
    await signedIn(w, 'creator'),
    await signedIn(w, 'customer'),
    await signedIn(w, 'admin'),
  ];
  course = await make.course(w.t.db, { creator: { id: creator.id, name: 'Creator' }, price: 1500 });
});
afterAll(async () => {
  await w.close();
});

const couponsPath = (courseId: string) => `/api/studio/courses/${courseId}/coupons`;

let codes = 0;
const code = (prefix = 'SAVE') => `${prefix}-${++codes}`;

async function makeCoupon(body: Record<string, unknown>, courseId = course.id, by: Client = creator) {
  const r = await postJson(by, couponsPath(courseId), { code: code(), kind: 'percent', value: 20, ...body });
  expect(r.status).toBe(201);
  return r.body.coupon as { id: string; code: string };
}

const couponCount = async () => (await w.t.db.selectFrom('coupon').select('id').execute()).length;
const check = (c: Client, codeText: string, courseId = course.id) =>
  postJson(c, '/api/coupons/check', { courseId, code: codeText });
const buy = (c: Client, body: Record<string, unknown>) =>
  postJson(c, '/api/payments', { courseId: course.id, phone: PHONES.manual, idempotencyKey: newKey(), ...body });

describe('managing a course’s coupons', () => {
  it('is for the course’s creator and admins only', async () => {
    const path = couponsPath(course.id);
    const body = { code: code(), kind: 'fixed', value: 100 };
    expect((await getJson(new Client(w.running.url), path)).status).toBe(401);
    expect((await postJson(new Client(w.running.url), path, body)).status).toBe(401);
    for (const who of [customer, other]) {
      expect((await getJson(who, path)).status).toBe(404);
      expect((await postJson(who, path, body)).status).toBe(404);
    }
    expect((await postJson(creator, path, body)).status).toBe(201);
    expect((await postJson(admin, path, { ...body, code: code() })).status).toBe(201);
    const list = await getJson(admin, path);
    expect(list.status).toBe(200);
    expect(list.body.coupons.map((c: { code: string }) => c.code)).toContain(body.code);

    const made = await makeCoupon({});
    const deactivate = `${path}/${made.id}/deactivate`;
    for (const who of [customer, other]) expect((await postJson(who, deactivate, {})).status).toBe(404);
    expect((await postJson(new Client(w.running.url), deactivate, {})).status).toBe(401);
    expect((await postJson(creator, deactivate, {})).status).toBe(200);
    const after = await getJson(creator, path);
    expect(after.body.coupons.find((c: { id: string }) => c.id === made.id).active).toBe(false);
    // A coupon id from another course is not found through this one.
    const elsewhere = await make.course(w.t.db, { creator: { id: creator.id, name: 'Creator' } });
    expect((await postJson(creator, `${couponsPath(elsewhere.id)}/${made.id}/deactivate`, {})).status).toBe(404);
  });

  it('refuses bad input with a 4xx and keeps nothing', async () => {
    const before = await couponCount();
    const cases: [unknown, number][] = [
      [{ code: 'AB', kind: 'percent', value: 10 }, 400],
      [{ code: 'x'.repeat(33), kind: 'percent', value: 10 }, 400],
      [{ code: 'SAVE 10', kind: 'percent', value: 10 }, 400],
      [{ code: 'SAVE_10', kind: 'percent', value: 10 }, 400],
      [{ code: 'OK-CODE', kind: 'percent', value: 101 }, 400],
      [{ code: 'OK-CODE', kind: 'percent', value: 0 }, 400],
      [{ code: 'OK-CODE', kind: 'fixed', value: -5 }, 400],
      [{ code: 'OK-CODE', kind: 'fixed', value: 1.5 }, 400],
      [{ code: 'OK-CODE', kind: 'half', value: 10 }, 400],
      [{ code: 'OK-CODE', kind: 'percent', value: '10' }, 400],
      [{ code: 'OK-CODE', kind: 'percent', value: 10, expiresAt: 'tomorrow' }, 400],
      [{ code: 'OK-CODE', kind: 'percent', value: 10, maxUses: 0 }, 400],
      [[], 400],
      [null, 400],
    ];
    for (const [body, status] of cases) {
      const r = await postJson(creator, couponsPath(course.id), body);
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), status]);
      expect(r.body.error.message).toBeTruthy();
    }
    const raw = await creator.request(couponsPath(course.id), {
      method: 'POST',
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(
      (await postJson(creator, couponsPath('no such id!'), { code: 'OK-CODE', kind: 'fixed', value: 1 })).status,
    ).toBe(404);
    expect(await couponCount()).toBe(before);
  });

  it('keeps codes unique per course, whatever their case', async () => {
    const made = await makeCoupon({ code: 'LAUNCH-2026' });
    expect(made.code).toBe('LAUNCH-2026');
    const again = await postJson(creator, couponsPath(course.id), { code: 'launch-2026', kind: 'fixed', value: 10 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(COUPON_TEXT.duplicate);
    // Another course may use the same code.
    const elsewhere = await make.course(w.t.db, { creator: { id: creator.id, name: 'Creator' } });
    await makeCoupon({ code: 'launch-2026' }, elsewhere.id);
  });
});

// The rules of "Apply" are checked beside checkCoupon.ts; here, that the route answers with them.
describe('Apply over HTTP', () => {
  it('answers the quote, a refusal’s status and message, and 401 to a visitor', async () => {
    const made = await makeCoupon({ kind: 'percent', value: 20 });
    expect(await check(customer, made.code.toLowerCase())).toEqual({
      status: 200,
      body: { code: made.code, price: 1500, discountedPrice: 1200 },
    });
    const r = await check(customer, 'NO-SUCH-CODE');
    expect([r.status, r.body.error.message]).toEqual([400, COUPON_TEXT.notValid]);
    expect((await check(new Client(w.running.url), made.code)).status).toBe(401);
  });
});

describe('buying with a coupon', () => {
  it('asks M-Pesa for the discounted amount and books that amount in the ledger', async () => {
    const made = await makeCoupon({ kind: 'fixed', value: 500 });
    const buyer = await signedIn(w, 'customer');
    const sent = pushes(w.sim).length;
    // The client's amount must be the server's discounted price: the full price with a code is stale.
    expect((await buy(buyer, { amount: 1500, couponCode: made.code })).status).toBe(409);
    expect((await buy(buyer, { amount: 1, couponCode: made.code })).status).toBe(409);
    expect((await buy(buyer, { amount: 1000, couponCode: 'NOPE-NOPE' })).status).toBe(400);
    expect(pushes(w.sim).length).toBe(sent);

    const r = await buy(buyer, { amount: 1000, couponCode: made.code.toLowerCase(), phone: PHONES.success });
    expect(r.status).toBe(202);
    expect(r.body.payment.amount).toBe(1000);
    expect((pushes(w.sim).at(-1)?.body as { Amount?: number } | undefined)?.Amount).toBe(1000);
    await eventually(async () => {
      const p = await w.t.db
        .selectFrom('payment')
        .select('status')
        .where('id', '=', r.body.payment.id)
        .executeTakeFirstOrThrow();
      return p.status === 'paid';
    });
    const lines = await w.t.db
      .selectFrom('journalLine as l')
      .innerJoin('journalEntry as e', 'e.id', 'l.entryId')
      .select(['l.account', 'l.amount'])
      .where('e.paymentId', '=', r.body.payment.id)
      .execute();
    const byAccount = Object.fromEntries(lines.map((l) => [l.account, Number(l.amount)]));
    expect(byAccount).toEqual({ mpesa_paybill: 1000, platform_fees: -100, creator_payable: -900 });
    const list = await getJson(creator, couponsPath(course.id));
    expect(list.body.coupons.find((c: { id: string }) => c.id === made.id).uses).toBe(1);
  });

  it('enrolls at once without a payment when the code makes the course free', async () => {
    const made = await makeCoupon({ kind: 'percent', value: 100 });
    const buyer = await signedIn(w, 'customer');
    const sent = pushes(w.sim).length;
    const r = await buy(buyer, { amount: 0, couponCode: made.code });
    expect(r).toEqual({ status: 201, body: { kind: 'enrolled', courseId: course.id } });
    expect(pushes(w.sim).length).toBe(sent);
    const payments = await w.t.db.selectFrom('payment').select('id').where('userId', '=', buyer.id).execute();
    expect(payments).toEqual([]);
    const enrolled = await w.t.db
      .selectFrom('enrollment')
      .select('userId')
      .where('userId', '=', buyer.id)
      .where('courseId', '=', course.id)
      .execute();
    expect(enrolled).toHaveLength(1);
    expect((await buy(buyer, { amount: 0, couponCode: made.code })).status).toBe(409);
  });

  it('gives a use back when the payment fails', async () => {
    const made = await makeCoupon({ kind: 'percent', value: 50, maxUses: 1 });
    const first = await signedIn(w, 'customer');
    const second = await signedIn(w, 'customer');
    const r = await buy(first, { amount: 750, couponCode: made.code });
    expect(r.status).toBe(202);
    // Held while the prompt is open; the buyer then cancels it on the phone.
    expect((await check(second, made.code)).status).toBe(409);
    const { checkoutRequestId } = await w.t.db
      .selectFrom('payment')
      .select('checkoutRequestId')
      .where('id', '=', r.body.payment.id)
      .executeTakeFirstOrThrow();
    expect(w.sim.answer(checkoutRequestId!, 'cancel')).toBe(true);
    await eventually(async () => {
      const p = await w.t.db
        .selectFrom('payment')
        .select('status')
        .where('id', '=', r.body.payment.id)
        .executeTakeFirstOrThrow();
      return p.status === 'cancelled';
    });
    expect((await check(second, made.code)).status).toBe(200);
    expect((await buy(second, { amount: 750, couponCode: made.code })).status).toBe(202);
  });

  it('gives the use back once when the purchase is refunded', async () => {
    const made = await makeCoupon({ kind: 'percent', value: 50, maxUses: 1 });
    const first = await signedIn(w, 'customer');
    const second = await signedIn(w, 'customer');
    const r = await buy(first, { amount: 750, couponCode: made.code, phone: PHONES.success });
    expect(r.status).toBe(202);
    await eventually(async () => {
      const p = await w.t.db
        .selectFrom('payment')
        .select('status')
        .where('id', '=', r.body.payment.id)
        .executeTakeFirst();
      return p?.status === 'paid';
    });
    const uses = async () =>
      (await getJson(creator, couponsPath(course.id))).body.coupons.find((c: { id: string }) => c.id === made.id).uses;
    expect(await uses()).toBe(1);
    expect((await check(second, made.code)).body.error.message).toBe(COUPON_TEXT.usedUp);

    await confirmedReceipt(w, r.body.payment.id);
    const refund = await postJson(admin, `/api/admin/purchases/${r.body.payment.id}/refund`, {
      reason: 'Wrong course',
    });
    expect(refund.status).toBe(200);
    // The use comes back once M-Pesa confirms the reversal.
    expect(await withReceiptChecks(w, async () => (await uses()) === 0)).toBe(true);
    // The freed use is taken by the next buyer, and only once: a second refund is refused and frees nothing.
    expect((await buy(second, { amount: 750, couponCode: made.code })).status).toBe(202);
    expect(await uses()).toBe(1);
    expect((await postJson(admin, `/api/admin/purchases/${r.body.payment.id}/refund`, {})).status).toBe(409);
    expect(await uses()).toBe(1);
    expect((await check(first, made.code)).body.error.message).toBe(COUPON_TEXT.usedUp);
  });
});
