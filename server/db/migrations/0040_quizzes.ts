import type { DarasaMigration } from './types.ts';

/**
 * Quiz lessons (issue 26, decision 0057): an episode of kind 'quiz' has one `quiz` row — its pass mark
 * (percent), its attempts (null: unlimited) and its questions as JSON (at most 50, checked on save). Each
 * `quizAttempt` is one learner's scored attempt, keyed by the id the device made (an attempt sent twice is
 * stored once); `results` is JSON [{ questionId, correct }], read by the creator's analytics. Both go with
 * their episode (cascade).
 */
export const quizzes: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('quiz')
      .addColumn('episodeId', 'text', (c) => c.primaryKey().references('episode.id').onDelete('cascade'))
      .addColumn('passMark', 'integer', (c) => c.notNull())
      .addColumn('maxAttempts', 'integer')
      .addColumn('questions', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('quizAttempt')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull())
      .addColumn('courseId', 'text', (c) => c.notNull())
      .addColumn('episodeId', 'text', (c) => c.notNull().references('episode.id').onDelete('cascade'))
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('passed', t.bool, (c) => c.notNull())
      .addColumn('results', 'text', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('quizAttempt_user_episode')
      .on('quizAttempt')
      .columns(['userId', 'episodeId'])
      .execute();
    await db.schema.createIndex('quizAttempt_course').on('quizAttempt').columns(['courseId']).execute();
  },
};
