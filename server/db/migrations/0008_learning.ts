import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

// Learners' saved positions (one row per learner and episode, so "resume on any device" is one lookup)
// and their course reviews (one per learner and course, editable).
export const learning: DarasaMigration = {
  async up(db, dialect, t) {
    await db.schema
      .createTable('progress')
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('episodeId', 'text', (c) => c.notNull().references('episode.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('position', dialect === 'postgres' ? 'double precision' : 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('completed', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('progress_pk', ['userId', 'episodeId'])
      .execute();
    // My Courses and the continue link: a learner's rows per course, latest first.
    await db.schema
      .createIndex('progress_user_course')
      .on('progress')
      .columns(['userId', 'courseId', 'updatedAt'])
      .execute();

    await db.schema
      .createTable('review')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`"rating" between 1 and 5`))
      .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .addUniqueConstraint('review_user_course', ['userId', 'courseId'])
      .execute();
    await db.schema.createIndex('review_course_updated').on('review').columns(['courseId', 'updatedAt']).execute();
  },
};
