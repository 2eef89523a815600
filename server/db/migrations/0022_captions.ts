import type { DarasaMigration } from './types.ts';

// Captions: one WebVTT file per episode and language, kept as text in the database (at most 512 KB each),
// so every process serving media reads the same files without a shared disk. The id changes with every
// upload: it is the file's name in the URL, so a replaced file is a new URL and caches stay immutable.
export const captions: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('caption')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('episodeId', 'text', (c) => c.notNull().references('episode.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('vtt', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('cues', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addUniqueConstraint('caption_episode_language', ['episodeId', 'language'])
      .execute();
  },
};
