import type { DarasaMigration } from './types.ts';

/**
 * PDF lessons and lesson resources (issue 26, decision 0060). A PDF lesson keeps its file in
 * `episode.pdfId` (a mediaAsset of kind 'pdf'; null for other kinds). `lessonResource` lists the files
 * attached to a lesson (a mediaAsset of kind 'resource' each, with the name learners see, in order); the rows
 * go with their episode (cascade), and the operation deleting the episode removes the files.
 */
export const lessonFiles: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema.alterTable('episode').addColumn('pdfId', 'text').execute();
    await db.schema
      .createTable('lessonResource')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('episodeId', 'text', (c) => c.notNull().references('episode.id').onDelete('cascade'))
      .addColumn('assetId', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lessonResource_episode').on('lessonResource').columns(['episodeId']).execute();
  },
};
