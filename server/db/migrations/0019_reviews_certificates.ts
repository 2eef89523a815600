import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

// Reviews shown on the course page: the creator's one reply, reports from signed-in users (one each) that
// put a review in the admin queue, and hiding by an admin (hidden reviews leave the page and the average).
// Certificates of completion: one per learner and course, with the names and date frozen at issue so a
// verification page keeps saying what the PDF says.
export const reviewsCertificates: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .alterTable('review')
      .addColumn('hidden', t.bool, (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable('review')
      .addColumn('reportCount', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('review').addColumn('reply', 'text').execute();
    await db.schema.alterTable('review').addColumn('replyAt', t.ts).execute();
    // The course page: a course's visible reviews, newest first (keyset pages on createdAt, id).
    await db.schema
      .createIndex('review_course_visible_created')
      .on('review')
      .columns(['courseId', 'hidden', 'createdAt', 'id'])
      .execute();
    // The admin queue: reported reviews, most reported first.
    await db.schema
      .createIndex('review_reported')
      .on('review')
      .columns(['reportCount'])
      .where(sql.ref('reportCount'), '>', 0)
      .execute();

    await db.schema
      .createTable('reviewReport')
      .addColumn('reviewId', 'text', (c) => c.notNull().references('review.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('review_report_pk', ['reviewId', 'userId'])
      .execute();

    await db.schema
      .createTable('certificate')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('learnerName', 'text', (c) => c.notNull())
      .addColumn('courseTitle', 'text', (c) => c.notNull())
      .addColumn('creatorName', 'text', (c) => c.notNull())
      .addColumn('issuedAt', t.ts, (c) => c.notNull())
      .addUniqueConstraint('certificate_user_course', ['userId', 'courseId'])
      .execute();
  },
};
