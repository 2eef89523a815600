import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

// Payments (one row per attempt, a forward-only state machine) and enrollments (lifetime access, at most one
// per learner and course). Indexes serve the hot paths: the callback finds a payment by CheckoutRequestID,
// the reconciler scans open payments by age, admin/creator figures list and sum paid payments by time, and
// "My Courses"/entitlement checks read enrollment(userId, courseId).
export const payments: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('payment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`"amount" > 0`))
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('KES'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull().defaultTo('mpesa'))
      // created | pending | paid | failed | cancelled | expired | refunded
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('resultCode', 'integer')
      .addColumn('resultDesc', 'text')
      .addColumn('merchantRequestId', 'text')
      .addColumn('checkoutRequestId', 'text', (c) => c.unique())
      .addColumn('mpesaReceipt', 'text')
      .addColumn('idempotencyKey', 'text', (c) => c.notNull())
      .addColumn('lateSuccess', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('rawRequest', 'text')
      .addColumn('rawCallback', 'text')
      .addColumn('rawQuery', 'text')
      .addColumn('checkedAt', t.ts)
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .addColumn('paidAt', t.ts)
      .addColumn('expiresAt', t.ts, (c) => c.notNull())
      .addUniqueConstraint('payment_user_idempotency', ['userId', 'idempotencyKey'])
      .execute();
    // At most one open attempt per learner and course: two tabs cannot push two prompts for one purchase.
    await db.schema
      .createIndex('payment_one_open')
      .on('payment')
      .columns(['userId', 'courseId'])
      .unique()
      .where(sql<boolean>`"status" in ('created', 'pending')`)
      .execute();
    await db.schema.createIndex('payment_status_paid').on('payment').columns(['status', 'paidAt']).execute();
    await db.schema.createIndex('payment_status_created').on('payment').columns(['status', 'createdAt']).execute();
    await db.schema.createIndex('payment_user').on('payment').columns(['userId', 'createdAt']).execute();
    await db.schema.createIndex('payment_course').on('payment').columns(['courseId', 'status']).execute();

    await db.schema
      .createTable('enrollment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('paymentId', 'text', (c) => c.unique().references('payment.id').onDelete('set null'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addUniqueConstraint('enrollment_user_course', ['userId', 'courseId'])
      .execute();
    await db.schema.createIndex('enrollment_course').on('enrollment').columns(['courseId', 'createdAt']).execute();
  },
};
