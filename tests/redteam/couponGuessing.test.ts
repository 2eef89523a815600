// Replays coupon-code guessing of issue 23 (121 of 121 guesses answered through POST /api/payments: 400 for a
// wrong code, 409 for a right one), over real HTTP against a real app. Every path that tells a right code from
// a wrong one spends one budget per account (COUPON_CHECKS): past it each guess answers 429 with Retry-After
// and says nothing about the code, the right one included; no coupon use is taken, no prompt is sent, no 5xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import { PHONES, newKey, pushes, worldForFile } from '#tests/support/paymentsWorld.ts';
import { COUPON_CHECKS } from '#server/modules/coupons/limitCouponChecks.ts';

const GUESSES = 121;

const w = worldForFile();
let course: { id: string; price: number };
let secret: string;
beforeAll(async () => {
  const { creator, course: c } = await make.creatorWithCourse(w.t.db, { price: 1500 });
  course = c;
  secret = (await make.coupon(w.t.db, { courseId: c.id, createdBy: creator.id, code: 'KARIBU-2026' })).code;
});

/** Guesses in order, the right code last: what an attacker would see for each. */
const guesses = () => [...Array.from({ length: GUESSES - 1 }, (_, i) => `GUESS-${i}`), secret];

const viaPay = (p: Person, code: string) =>
  p.request('/api/payments', {
    method: 'POST',
    // The full price: with a right code the server would answer 409 "the price has changed" (the old oracle).
    json: {
      courseId: course.id,
      amount: course.price,
      phone: PHONES.manual,
      idempotencyKey: newKey(),
      couponCode: code,
    },
  });
const viaApply = (p: Person, code: string) =>
  p.request('/api/coupons/check', { method: 'POST', json: { courseId: course.id, code } });

async function guess(p: Person, codes: string[], path: (p: Person, code: string) => Promise<Response>) {
  const answers: Response[] = [];
  for (const code of codes) answers.push(await path(p, code));
  return answers;
}

async function expectNothingMoved(guesser: Person) {
  const uses = await w.t.db.selectFrom('couponUse').select('id').where('userId', '=', guesser.id).execute();
  const payments = await w.t.db.selectFrom('payment').select('id').where('userId', '=', guesser.id).execute();
  expect(uses).toEqual([]);
  expect(payments).toEqual([]);
}

function expectBudgetHeld(answers: Response[]) {
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  // Answered (anything but 429) at most the budget; every later guess, the right code included, is 429.
  expect(statuses.slice(0, COUPON_CHECKS.max).every((s) => s === 400)).toBe(true);
  expect(statuses.slice(COUPON_CHECKS.max)).toEqual(statuses.slice(COUPON_CHECKS.max).map(() => 429));
  for (const r of answers.slice(COUPON_CHECKS.max)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('guessing coupon codes', () => {
  it(`through "Pay with M-Pesa": ${GUESSES} guesses, ${COUPON_CHECKS.max} answered, the right code never confirmed`, async () => {
    const guesser = await signedIn(w, 'customer');
    const before = pushes(w.sim).length;
    const answers = await guess(guesser, guesses(), viaPay);
    expectBudgetHeld(answers);
    expect(pushes(w.sim).length).toBe(before);
    await expectNothingMoved(guesser);
  });

  it(`through "Apply": ${GUESSES} guesses, ${COUPON_CHECKS.max} answered`, async () => {
    const guesser = await signedIn(w, 'customer');
    expectBudgetHeld(await guess(guesser, guesses(), viaApply));
    await expectNothingMoved(guesser);
  });

  it('switching paths half-way does not buy a second budget', async () => {
    const guesser = await signedIn(w, 'customer');
    const codes = guesses();
    const half = COUPON_CHECKS.max / 2;
    const answers = [
      ...(await guess(guesser, codes.slice(0, half), viaApply)),
      ...(await guess(guesser, codes.slice(half), viaPay)),
    ];
    expectBudgetHeld(answers);
    await expectNothingMoved(guesser);
  });

  it('a learner with the right code applies it and pays the discounted price', async () => {
    const learner = await signedIn(w, 'customer');
    const apply = await viaApply(learner, secret.toLowerCase());
    expect(apply.status).toBe(200);
    const { discountedPrice } = (await apply.json()) as { discountedPrice: number };
    const pay = await learner.request('/api/payments', {
      method: 'POST',
      json: {
        courseId: course.id,
        amount: discountedPrice,
        phone: PHONES.manual,
        idempotencyKey: newKey(),
        couponCode: secret,
      },
    });
    expect(pay.status).toBe(202);
  });
});
