import type { DarasaMigration } from './types.ts';

/**
 * A change of e-mail waits here until the link sent to the new address is opened (decision 0048): the
 * token is kept only as its SHA-256, works once (`usedAt`, set by a conditional update) and until `expiresAt`.
 */
export const emailChanges: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('emailChange')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('newEmail', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('expiresAt', t.ts, (c) => c.notNull())
      .addColumn('usedAt', t.ts)
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('emailChange_user').on('emailChange').columns(['userId', 'createdAt']).execute();
  },
};
