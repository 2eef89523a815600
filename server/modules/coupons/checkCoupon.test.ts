// "Apply": the discounted price for a code written in any case, the learner's reason when a code does not
// work (unknown, switched off, another course's, expired, used up), and a limit on guessing per account.
// Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import type { SessionUser } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { make } from '#tests/support/factories/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { checkCoupon } from './checkCoupon.ts';
import { COUPON_CHECKS } from './limitCouponChecks.ts';

let t: TestDatabase;
let services: Services;
let creator: { id: string; name: string };
let course: { id: string };
let customer: SessionUser;
beforeAll(async () => {
  t = await createTestDatabase();
  services = testServices(t);
  ({ creator, course } = await make.creatorWithCourse(t.db, { price: 1500 }));
  customer = await make.actor(t.db);
});
afterAll(async () => {
  await t.close();
});

const coupon = (over: Omit<Parameters<typeof make.coupon>[1], 'courseId' | 'createdBy'> = {}, courseId = course.id) =>
  make.coupon(t.db, { courseId, createdBy: creator.id, ...over });
const check = (code: string, who: SessionUser | null = customer, courseId = course.id) =>
  checkCoupon(services, who, { courseId, code });

describe('checkCoupon', () => {
  it('answers the discounted price for a code in any case', async () => {
    const made = await coupon({ kind: 'percent', value: 20 });
    expect(await check(made.code.toLowerCase())).toEqual({ code: made.code, price: 1500, discountedPrice: 1200 });
    const fixed = await coupon({ kind: 'fixed', value: 2000 });
    expect((await check(fixed.code)).discountedPrice).toBe(0);
  });

  it('says why a code does not work', async () => {
    const expired = await coupon({ expiresAt: new Date(Date.now() - 60_000) });
    const full = await coupon({ kind: 'percent', value: 100, maxUses: 1 });
    await make.couponUse(t.db, { couponId: full.id, userId: (await make.user(t.db, { role: 'customer' })).id });
    const off = await coupon({ active: false });
    const elsewhere = await make.course(t.db, { creator });
    const foreign = await coupon({}, elsewhere.id);
    const cases: [string, string, string][] = [
      ['NO-SUCH-CODE', 'invalid_input', COUPON_TEXT.notValid],
      ['x!', 'invalid_input', COUPON_TEXT.notValid],
      [off.code, 'invalid_input', COUPON_TEXT.notValid],
      [foreign.code, 'invalid_input', COUPON_TEXT.notValid],
      [expired.code, 'conflict', COUPON_TEXT.expired],
      [full.code, 'conflict', COUPON_TEXT.usedUp],
    ];
    for (const [text, code, message] of cases) {
      const refusal = await check(text).then(
        () => null,
        (e: { code: string; message: string }) => [text, e.code, e.message],
      );
      expect(refusal).toEqual([text, code, message]);
    }
  });

  it('is for signed-in people, on published courses', async () => {
    const made = await coupon();
    await expect(check(made.code, null)).rejects.toMatchObject({ code: 'unauthenticated' });
    const draft = await make.course(t.db, { creator, published: false });
    const onDraft = await coupon({}, draft.id);
    await expect(check(onDraft.code, customer, draft.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('is rate-limited per account', async () => {
    const tryer = await make.actor(t.db);
    for (let i = 0; i < COUPON_CHECKS.max; i++)
      await expect(check(`GUESS-${i}`, tryer)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(check('GUESS-LAST', tryer)).rejects.toMatchObject({
      code: 'rate_limited',
      message: COUPON_TEXT.tooMany,
    });
    // Another account is not held back by it.
    await expect(check('GUESS-LAST')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
