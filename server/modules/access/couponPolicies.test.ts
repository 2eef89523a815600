import { expect, it } from 'vitest';
import { canManageCoupons } from './policies.ts';

const course = { creatorId: 'c1' };

it('lets only the course’s creator and admins manage its coupons', () => {
  expect(canManageCoupons({ userId: 'c1', role: 'creator' }, course)).toBe(true);
  expect(canManageCoupons({ userId: 'a1', role: 'admin' }, course)).toBe(true);
  expect(canManageCoupons({ userId: 'c2', role: 'creator' }, course)).toBe(false);
  // A customer whose id happens to match is still no creator.
  expect(canManageCoupons({ userId: 'c1', role: 'customer' }, course)).toBe(false);
  expect(canManageCoupons({ userId: 'u1', role: 'customer' }, course)).toBe(false);
  expect(canManageCoupons(null, course)).toBe(false);
});
