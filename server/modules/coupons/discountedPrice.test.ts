import { expect, it } from 'vitest';
import { discountedPrice } from './discountedPrice.ts';

it('takes a percent off, rounding the discount down', () => {
  expect(discountedPrice(1500, { kind: 'percent', value: 20 })).toBe(1200);
  expect(discountedPrice(999, { kind: 'percent', value: 15 })).toBe(850); // 149.85 off → 149
  expect(discountedPrice(1500, { kind: 'percent', value: 100 })).toBe(0);
  expect(discountedPrice(1, { kind: 'percent', value: 50 })).toBe(1);
});

it('takes a fixed amount off, never below 0', () => {
  expect(discountedPrice(1500, { kind: 'fixed', value: 500 })).toBe(1000);
  expect(discountedPrice(1500, { kind: 'fixed', value: 1500 })).toBe(0);
  expect(discountedPrice(1500, { kind: 'fixed', value: 5000 })).toBe(0);
});
