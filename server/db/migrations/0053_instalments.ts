import type { DarasaMigration } from './types.ts';

/**
 * Instalments, "lipa mdogo mdogo" (issue 27, decision 0068). `course.instalmentsMax` is how many parts a
 * creator allows (0: none; else 2–4: a learner picks 2..max). `instalmentPlan` is one learner's plan for one
 * course: its parts, its total (the price, less a coupon) and when it started (the due dates count from then);
 * `stoppedAt` is set when one of its parts is refunded (no further part can be paid). Each part is a `payment`
 * naming its plan and part number; the plan's enrollment names the plan (`enrollment.instalmentPlanId`; its
 * `paymentId` stays null), and access follows the parts still paid. `instalmentReminder` records the one
 * reminder of each part (its key is the plan and the part).
 */
export const instalments: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .alterTable('course')
      .addColumn('instalmentsMax', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('instalmentPlan')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('parts', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('stoppedAt', t.ts)
      .execute();
    await db.schema.createIndex('instalment_plan_user').on('instalmentPlan').columns(['userId', 'courseId']).execute();
    await db.schema.alterTable('payment').addColumn('instalmentPlanId', 'text').execute();
    await db.schema.alterTable('payment').addColumn('instalmentPart', 'integer').execute();
    await db.schema.createIndex('payment_instalment_plan').on('payment').column('instalmentPlanId').execute();
    await db.schema.alterTable('enrollment').addColumn('instalmentPlanId', 'text').execute();
    await db.schema
      .createTable('instalmentReminder')
      .addColumn('planId', 'text', (c) => c.notNull().references('instalmentPlan.id').onDelete('cascade'))
      .addColumn('part', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('instalment_reminder_pk', ['planId', 'part'])
      .execute();
  },
};
