import type { DarasaMigration } from './types.ts';

// Coupons (issue 17): codes a creator makes for one course, and their uses. A use is held by a payment
// while it is open and counts only while that payment is open or paid (or refunded), so a failed or expired
// payment gives its use back without any bookkeeping; a use without a payment is a free enrollment.
export const coupons: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('coupon')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      // Stored in upper case: codes are case-insensitive.
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('expiresAt', t.ts)
      .addColumn('maxUses', 'integer')
      .addColumn('active', t.bool, (c) => c.notNull().defaultTo(true))
      .addColumn('createdBy', 'text', (c) => c.notNull().references('user.id'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addUniqueConstraint('coupon_course_code', ['courseId', 'code'])
      .execute();

    await db.schema
      .createTable('couponUse')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('couponId', 'text', (c) => c.notNull().references('coupon.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('paymentId', 'text', (c) => c.references('payment.id').onDelete('cascade'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coupon_use_coupon').on('couponUse').columns(['couponId']).execute();
    await db.schema.createIndex('coupon_use_payment').on('couponUse').columns(['paymentId']).execute();
  },
};
