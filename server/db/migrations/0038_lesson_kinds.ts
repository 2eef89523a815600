import type { DarasaMigration } from './types.ts';

/**
 * Lesson types (issue 26): an episode is a lesson of some `kind` ('video' as before, 'text'; later 'audio',
 * 'pdf', 'quiz' without another rename). A text lesson keeps its Markdown in `body` and the sanitised HTML
 * rendered from it on save in `bodyHtml` (decision 0054); both are empty for a video lesson.
 */
export const lessonKinds: DarasaMigration = {
  async up(db) {
    await db.schema
      .alterTable('episode')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('video'))
      .execute();
    for (const column of ['body', 'bodyHtml'])
      await db.schema
        .alterTable('episode')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  },
};
