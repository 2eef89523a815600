import type { DarasaMigration } from './types.ts';

/**
 * The creator's SMS digest of unanswered questions (issue 26): `questionDigestSms` is their choice (off
 * until they turn it on: an SMS costs money and reaches a phone), `questionDigestAt` when the last digest
 * was sent (null: never), so a digest counts only questions asked since and goes at most once a day.
 */
export const questionDigest: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .alterTable('creatorProfile')
      .addColumn('questionDigestSms', t.bool, (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.alterTable('creatorProfile').addColumn('questionDigestAt', t.ts).execute();
  },
};
