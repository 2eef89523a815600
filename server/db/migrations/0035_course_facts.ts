import type { DarasaMigration } from './types.ts';

/**
 * What a course page says before anyone pays: what the learner will be able to do (`outcomes`) and what they
 * need first (`requirements`), each a JSON array of short lines the creator writes in the studio.
 */
export const courseFacts: DarasaMigration = {
  async up(db) {
    for (const column of ['outcomes', 'requirements'])
      await db.schema
        .alterTable('course')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
  },
};
