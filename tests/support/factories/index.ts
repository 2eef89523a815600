// The one way tests make data: `make.user(db, { role: 'customer' })`, `make.course(db, { creator, price })`,
// `make.paidSale(services, { course, at })`… Each factory takes the database (or services, when the row
// must go through the real operation) and one options object, and answers what it made.
import { asset, course, creatorWithCourse, enrollment, episode } from './catalog.ts';
import { coupon, couponUse } from './coupons.ts';
import { payment, pendingPayment, refund } from './payments.ts';
import { affiliateWithEarnings, creatorWithEarnings, paidSale, payoutAccount } from './payouts.ts';
import { actor, user } from './people.ts';

export const make = {
  user,
  actor,
  asset,
  course,
  creatorWithCourse,
  episode,
  enrollment,
  coupon,
  couponUse,
  payment,
  pendingPayment,
  refund,
  paidSale,
  payoutAccount,
  creatorWithEarnings,
  affiliateWithEarnings,
};
export type { CourseOptions } from './catalog.ts';
