import type { DarasaMigration } from './types.ts';

/**
 * Where a course's lessons without a section sit among its sections (decision 0069): `course.unsectionedAt`
 * is how many sections come before them. 0, the default, keeps every course as it was (those lessons first,
 * before the first heading); the creator moves them like a section.
 */
export const unsectionedLessonsPlace: DarasaMigration = {
  async up(db) {
    await db.schema
      .alterTable('course')
      .addColumn('unsectionedAt', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
