import type { DarasaMigration } from './types.ts';

// A learner's private notes at moments of an episode (issue 26): only their author reads them. They go with
// their episode (cascade) and with the account (deleteMyAccount), and are part of "Download my data".
export const notes: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('note')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull())
      .addColumn('courseId', 'text', (c) => c.notNull())
      .addColumn('episodeId', 'text', (c) => c.notNull().references('episode.id').onDelete('cascade'))
      .addColumn('position', 'real', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('note_user_course').on('note').columns(['userId', 'courseId']).execute();
  },
};
