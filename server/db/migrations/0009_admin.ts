import type { DarasaMigration } from './types.ts';

// The admin console and creator analytics.
// - auditLog: every admin action (who, what, when), listed newest first.
// - viewEvent: trailer/preview views and watch heartbeats. Append-only and the biggest table here (millions
//   of rows): no id column, one index that every analytics query starts with (one course, one kind, a time
//   range), so a course's figures never read another course's rows.
// - refund: one row per refunded payment, so revenue can subtract a refund in the month it happened.
// - list indexes: admin lists page by (sort column, id) with keyset pagination, so each allowed sort has an
//   index ending in id and the first page reads only `size` rows even with millions of users.
export const admin: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('auditLog')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('actorId', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('targetType', 'text', (c) => c.notNull())
      .addColumn('targetId', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_created').on('auditLog').columns(['createdAt', 'id']).execute();
    await db.schema.createIndex('audit_target').on('auditLog').columns(['targetType', 'targetId']).execute();

    await db.schema
      .createTable('viewEvent')
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('episodeId', 'text', (c) => c.references('episode.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('userId', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('view_course_kind_created')
      .on('viewEvent')
      .columns(['courseId', 'kind', 'createdAt'])
      .execute();
    // Deleting an episode cascades here; without this index each delete would scan every event.
    await db.schema.createIndex('view_episode').on('viewEvent').column('episodeId').execute();

    await db.schema
      .createTable('refund')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('paymentId', 'text', (c) => c.notNull().unique())
      .addColumn('actorId', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('providerRef', 'text')
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refund_created').on('refund').column('createdAt').execute();

    await db.schema.createIndex('user_created_id').on('user').columns(['createdAt', 'id']).execute();
    await db.schema.createIndex('user_name_id').on('user').columns(['name', 'id']).execute();
    await db.schema.createIndex('course_created_id').on('course').columns(['createdAt', 'id']).execute();
    await db.schema.createIndex('course_title_id').on('course').columns(['title', 'id']).execute();
    await db.schema.createIndex('payment_created_id').on('payment').columns(['createdAt', 'id']).execute();
    await db.schema.createIndex('payment_amount_id').on('payment').columns(['amount', 'id']).execute();
    // Covers the dashboard's revenue sums (status, month range, amount) without reading table rows.
    await db.schema
      .createIndex('payment_status_paid_amount')
      .on('payment')
      .columns(['status', 'paidAt', 'amount'])
      .execute();
    await db.schema
      .createIndex('course_featured')
      .on('course')
      .columns(['featured', 'published', 'createdAt'])
      .execute();
  },
};
