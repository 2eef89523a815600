import type { DarasaMigration } from './types.ts';

/**
 * Editing one's own question or answer (issue 26): `editedAt` is when its author last changed its words
 * (null: never), shown as "Edited".
 */
export const questionEdits: DarasaMigration = {
  async up(db, _dialect, t) {
    for (const table of ['question', 'answer']) await db.schema.alterTable(table).addColumn('editedAt', t.ts).execute();
  },
};
