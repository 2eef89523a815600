import type { DarasaMigration } from './types.ts';

/**
 * Bundles (issue 27, decision 0063): a creator sells several of their courses together at one price.
 * `bundle` is owned by one creator (soft-deleted with `deletedAt`, so purchases keep their title);
 * `bundleCourse` its courses in order. A bundle purchase is one `payment` with `bundleId` set (its `courseId`
 * is the first course it grants, which keeps that column's meaning "a course this payment is for"), and
 * `paymentCourse` the courses that payment grants, fixed when it starts (a later edit of the bundle does not
 * change what was paid for). The enrollments it made carry `bundlePaymentId` (`paymentId` is unique: one
 * enrollment per single purchase), so a refund revokes exactly those.
 */
export const bundles: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('bundle')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('creatorId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .addColumn('deletedAt', t.ts)
      .execute();
    await db.schema.createIndex('bundle_creator').on('bundle').columns(['creatorId', 'createdAt']).execute();

    await db.schema
      .createTable('bundleCourse')
      .addColumn('bundleId', 'text', (c) => c.notNull().references('bundle.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('bundle_course_pk', ['bundleId', 'courseId'])
      .execute();
    await db.schema.createIndex('bundle_course_course').on('bundleCourse').column('courseId').execute();

    await db.schema
      .createTable('paymentCourse')
      .addColumn('paymentId', 'text', (c) => c.notNull().references('payment.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('payment_course_pk', ['paymentId', 'courseId'])
      .execute();

    await db.schema.alterTable('payment').addColumn('bundleId', 'text').execute();
    await db.schema.createIndex('payment_bundle').on('payment').column('bundleId').execute();
    await db.schema.alterTable('enrollment').addColumn('bundlePaymentId', 'text').execute();
    await db.schema.createIndex('enrollment_bundle_payment').on('enrollment').column('bundlePaymentId').execute();
  },
};
