import type { DarasaMigration } from './types.ts';

// What accounts need beyond 0001: attempt counters for rate limits (in the database so that several
// processes share them) and each signed-in user's My List. Emails need no extra index: they are stored in
// lower case under 0001's unique constraint.
export const accountsExtras: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('rateLimit')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      // Milliseconds since the epoch: compared arithmetically on both dialects.
      .addColumn('windowStart', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_window').on('rateLimit').column('windowStart').execute();

    await db.schema
      .createTable('myList')
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('my_list_pk', ['userId', 'courseId'])
      .execute();
  },
};
