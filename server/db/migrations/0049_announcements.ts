import type { DarasaMigration } from './types.ts';

/**
 * Announcements (issue 27, decision 0062): a creator writes to the owners of a course by e-mail, and by SMS
 * when they choose. `announcement` keeps what was sent (its count per month is the limit), `noticeDelivery`
 * one row per notice, person and channel (an announcement's id, or a new-lessons notice's), written before
 * the send so a retried job never writes to the same person twice. `enrollment.announcementsOff` is the
 * owner's "no e-mails or texts about this course"; `course.lastLessonNoticeAt` when owners were last told of
 * new lessons (null: never; lessons count from `publishedAt` then).
 */
export const announcements: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('announcement')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('creatorId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('bySms', t.bool, (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .addColumn('smsCount', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('announcement_course').on('announcement').columns(['courseId', 'createdAt']).execute();

    await db.schema
      .createTable('noticeDelivery')
      .addColumn('noticeId', 'text', (c) => c.notNull())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_delivery_pk', ['noticeId', 'userId', 'channel'])
      .execute();

    await db.schema
      .alterTable('enrollment')
      .addColumn('announcementsOff', t.bool, (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.alterTable('course').addColumn('lastLessonNoticeAt', t.ts).execute();
    // Courses that exist already start counting now: owners are not told of every lesson ever added.
    await db.updateTable('course').set({ lastLessonNoticeAt: new Date() }).execute();
  },
};
