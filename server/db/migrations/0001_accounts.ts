import type { DarasaMigration } from './types.ts';

// Users, sessions, accounts and verifications in the shape better-auth reads, plus Darasa's profiles
// (C1…, L1…) and the counters that number them.
export const accounts: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('user')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('emailVerified', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('image', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_role_created').on('user').columns(['role', 'createdAt']).execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('expiresAt', t.ts, (c) => c.notNull())
      .addColumn('ipAddress', 'text')
      .addColumn('userAgent', 'text')
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('session_user').on('session').column('userId').execute();

    await db.schema
      .createTable('account')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('accountId', 'text', (c) => c.notNull())
      .addColumn('providerId', 'text', (c) => c.notNull())
      .addColumn('accessToken', 'text')
      .addColumn('refreshToken', 'text')
      .addColumn('idToken', 'text')
      .addColumn('accessTokenExpiresAt', t.ts)
      .addColumn('refreshTokenExpiresAt', t.ts)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_user').on('account').column('userId').execute();

    await db.schema
      .createTable('verification')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expiresAt', t.ts, (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('verification_identifier').on('verification').column('identifier').execute();

    await db.schema
      .createTable('counter')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    for (const table of ['creatorProfile', 'customerProfile']) {
      await db.schema
        .createTable(table)
        .addColumn('uniqueId', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('createdAt', t.ts, (c) => c.notNull())
        .execute();
    }
  },
};
