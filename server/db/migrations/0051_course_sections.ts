import type { DarasaMigration } from './types.ts';

/**
 * Course sections (issue 26, decision 0064): named headings over a course's one ordered lesson list.
 * `courseSection` keeps a course's sections in order; `episode.sectionId` names the section a lesson is in
 * (null: before the first heading, as every lesson was before). The lessons of one section are kept
 * consecutive in `episode.position` by the operations; deleting a section moves its lessons to the one
 * above it first, so the foreign key's `set null` is only a safety net.
 */
export const courseSections: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('courseSection')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('courseSection_course').on('courseSection').columns(['courseId', 'position']).execute();
    await db.schema
      .alterTable('episode')
      .addColumn('sectionId', 'text', (c) => c.references('courseSection.id').onDelete('set null'))
      .execute();
  },
};
