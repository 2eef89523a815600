import type { DarasaMigration } from './types.ts';

/**
 * Affiliates (issue 27, decision 0067). `courseAffiliate`: a course's affiliate sales, on or off, with its
 * commission percent. `affiliate`: a person's referral code (one per person, for every course). Each visit
 * through `?ref=` is an `affiliateClick`; `referral` is a signed-in person's latest referral per course
 * (a visitor's is a cookie). `paymentReferral` is the attribution taken when a purchase starts, with the
 * commission percent of that moment: the sale is split by it, whatever the course's setting becomes.
 */
export const affiliates: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('courseAffiliate')
      .addColumn('courseId', 'text', (c) => c.primaryKey().references('course.id').onDelete('cascade'))
      .addColumn('enabled', t.bool, (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('affiliate')
      .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('affiliateClick')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('affiliateId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('affiliate_click_affiliate')
      .on('affiliateClick')
      .columns(['affiliateId', 'courseId'])
      .execute();

    await db.schema
      .createTable('referral')
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('affiliateId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('referredAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('referral_pk', ['userId', 'courseId'])
      .execute();

    await db.schema
      .createTable('paymentReferral')
      .addColumn('paymentId', 'text', (c) => c.primaryKey().references('payment.id').onDelete('cascade'))
      .addColumn('affiliateId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('percent', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payment_referral_affiliate')
      .on('paymentReferral')
      .columns(['affiliateId', 'courseId'])
      .execute();
  },
};
