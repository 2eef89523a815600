import type { DarasaMigration } from './types.ts';

// Questions and answers under each episode (issue 26): asked by the people with access to the course (at a
// moment of the video or not), upvoted once per person, answered (the creator's answers marked), reported
// once per person and item, hidden by an admin. Everything goes with its episode and with its author's
// account (cascade). Vote counts are counted, not stored, so a vote cannot drift from its count.
export const questions: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('question')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('episodeId', 'text', (c) => c.notNull().references('episode.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('atSeconds', 'integer')
      .addColumn('hidden', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('reportCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('question_episode').on('question').columns(['episodeId', 'hidden']).execute();
    await db.schema.createIndex('question_course').on('question').columns(['courseId', 'hidden']).execute();

    await db.schema
      .createTable('answer')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('questionId', 'text', (c) => c.notNull().references('question.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('isCreator', t.bool, (c) => c.notNull())
      .addColumn('hidden', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('reportCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('answer_question').on('answer').columns(['questionId']).execute();

    await db.schema
      .createTable('questionVote')
      .addColumn('questionId', 'text', (c) => c.notNull().references('question.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('question_vote_pk', ['questionId', 'userId'])
      .execute();

    // One report per person and item; `itemId` is a question's or an answer's id, `questionId` the thread it
    // belongs to, so reports go with their question.
    await db.schema
      .createTable('questionReport')
      .addColumn('itemId', 'text', (c) => c.notNull())
      .addColumn('questionId', 'text', (c) => c.notNull().references('question.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('question_report_pk', ['itemId', 'userId'])
      .execute();
  },
};
