import { describe, expect, it } from 'vitest';
import { BUNDLE_MIN_PRICE } from '#common/bundles/bundleSchemas.ts';
import { seededRandom } from '#tests/support/seededRandom.ts';
import { bundlePrice } from './bundlePrice.ts';

describe('bundlePrice', () => {
  it('charges the bundle price to a learner who owns none of its courses', () => {
    expect(
      bundlePrice(1500, [
        { price: 1000, owned: false },
        { price: 1000, owned: false },
      ]),
    ).toEqual({
      price: 1500,
      listTotal: 2000,
      saving: 500,
      allOwned: false,
    });
  });

  it('lowers the price by the share of the courses already owned', () => {
    const quote = bundlePrice(1500, [
      { price: 1000, owned: true },
      { price: 500, owned: false },
      { price: 500, owned: false },
    ]);
    expect(quote.price).toBe(750);
    expect(quote.saving).toBe(250);
  });

  it('has nothing to sell to a learner who owns every course', () => {
    expect(
      bundlePrice(900, [
        { price: 500, owned: true },
        { price: 500, owned: true },
      ]).allOwned,
    ).toBe(true);
  });

  it('is never below the minimum, never above the courses left, never negative', () => {
    const r = seededRandom(63);
    for (let i = 0; i < 2000; i++) {
      const bundle = r.int(BUNDLE_MIN_PRICE, 100_000);
      const courses = Array.from({ length: r.int(2, 8) }, () => ({ price: r.int(1, 50_000), owned: r.next() < 0.4 }));
      const q = bundlePrice(bundle, courses);
      const left = courses.filter((c) => !c.owned).reduce((s, c) => s + c.price, 0);
      if (left === 0) {
        expect(q.allOwned).toBe(true);
        continue;
      }
      expect(q.price).toBeGreaterThanOrEqual(Math.min(BUNDLE_MIN_PRICE, left));
      expect(q.price).toBeLessThanOrEqual(left);
      expect(q.saving).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(q.price)).toBe(true);
    }
  });
});
