import { sql, type Kysely } from 'kysely';
import type { DarasaMigration } from './types.ts';

// Phone-first accounts (docs/decisions/0021): a learner may have no email, so user.email loses NOT NULL
// (it stays unique: NULLs never collide on either database); the user gains a language for SMS and a
// flag saying their phone was proven by a code, and a verified phone belongs to one account only.
// One-time codes and the SMS we sent (for delivery reports) get their own tables.
export const phoneAccounts: DarasaMigration = {
  async up(db, dialect, t) {
    if (dialect === 'postgres') {
      await sql`alter table "user" alter column "email" drop not null`.execute(db);
    } else {
      await rebuildSqliteUserWithNullableEmail(db);
    }
    await db.schema
      .alterTable('user')
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
    await db.schema
      .alterTable('user')
      .addColumn('phoneVerified', t.bool, (c) => c.notNull().defaultTo(false))
      .execute();
    const verified = dialect === 'postgres' ? sql`"phoneVerified"` : sql`"phoneVerified" = 1`;
    await sql`create unique index "user_verified_phone" on "user" ("phone") where ${verified}`.execute(db);

    await db.schema
      .createTable('otpChallenge')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.notNull())
      // sign-in | sign-up | reset
      .addColumn('purpose', 'text', (c) => c.notNull())
      // HMAC-SHA256 of the code under the auth secret: a leaked table does not give codes away.
      .addColumn('codeHash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expiresAt', t.ts, (c) => c.notNull())
      .addColumn('usedAt', t.ts)
      // What the sign-up form said (name, role, email, locale), kept until the code proves the phone.
      .addColumn('payload', 'text')
      .addColumn('smsId', 'text')
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('otp_phone_created').on('otpChallenge').columns(['phone', 'createdAt']).execute();

    await db.schema
      .createTable('smsMessage')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Africa's Talking's messageId (ATXid_…); null when the gateway refused the message outright.
      .addColumn('providerMessageId', 'text', (c) => c.unique())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      // sent | delivered | failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('failureReason', 'text')
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
  },
};

/**
 * SQLite cannot drop a NOT NULL constraint in place: the table is rebuilt (sqlite.org/lang_altertable.html,
 * "other kinds of table schema changes"), with foreign keys off so that dropping the old table does not
 * cascade into sessions, profiles and payments, and its indexes and triggers (0009, 0010) re-created from
 * their stored SQL.
 */
async function rebuildSqliteUserWithNullableEmail(db: Kysely<unknown>): Promise<void> {
  const objects = await sql<{ type: string; sql: string | null }>`
    select "type", "sql" from "sqlite_master" where "tbl_name" = 'user' order by "type" = 'table' desc`.execute(db);
  const [table, ...dependents] = objects.rows;
  const emailColumn = /"email"\s+text\s+not\s+null/i;
  if (!table?.sql || !emailColumn.test(table.sql)) throw new Error('0014: unexpected shape of the user table');
  const createNew = table.sql
    .replace(/^create table "user"/i, 'create table "user_rebuilt"')
    .replace(emailColumn, '"email" text');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(createNew).execute(db);
      await sql`insert into "user_rebuilt" select * from "user"`.execute(db);
      await sql`drop table "user"`.execute(db);
      await sql`alter table "user_rebuilt" rename to "user"`.execute(db);
      for (const d of dependents) if (d.sql) await sql.raw(d.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error('0014: foreign keys broken by the user table rebuild');
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
