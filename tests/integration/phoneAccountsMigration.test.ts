// Migration 0014 on a database that already has people in it: e-mail becomes optional without losing a
// user, a session, a profile or a counter trigger (SQLite rebuilds the user table for this). SQLite, or
// PostgreSQL with TEST_DATABASE_URL.
import { Migrator, type Migration } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/migrate.ts';
import { migrations } from '#server/db/migrations/index.ts';
import { typesFor } from '#server/db/migrations/types.ts';
import { newId } from '#server/lib/ids.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database.close();
});

it('keeps every user, session and profile, and the counters still count', async () => {
  const t = typesFor(database.dialect);
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0014'));
  const provider = {
    getMigrations: async (): Promise<Record<string, Migration>> =>
      Object.fromEntries(Object.entries(before).map(([n, m]) => [n, { up: (db) => m.up(db, database.dialect, t) }])),
  };
  const { error } = await new Migrator({ db: database.db, provider }).migrateToLatest();
  expect(error).toBeUndefined();
  const db = database.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  const now = new Date().toISOString();
  const userId = newId();
  await db
    .insertInto('user')
    .values({
      id: userId,
      name: 'Old',
      email: 'old@example.com',
      emailVerified: false,
      role: 'customer',
      phone: '+254712345678',
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto('session')
    .values({ id: newId(), userId, token: 'tok', expiresAt: now, createdAt: now, updatedAt: now })
    .execute();
  await db
    .insertInto('customerProfile')
    .values({ uniqueId: 'L1', userId, name: 'Old', email: 'old@example.com', phone: '+254712345678', createdAt: now })
    .execute();

  expect(await migrateToLatest(database)).toEqual(Object.keys(migrations).filter((n) => n >= '0014'));

  const user = await database.db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  expect(user).toMatchObject({ email: 'old@example.com', locale: 'en', phone: '+254712345678' });
  expect(Boolean(user.phoneVerified)).toBe(false);
  expect(await database.db.selectFrom('session').select('token').where('userId', '=', userId).execute()).toEqual([
    { token: 'tok' },
  ]);
  // Email is optional now, unique still, and the role counter's trigger came through the rebuild.
  const counter = async () =>
    Number(
      (
        await database.db
          .selectFrom('adminCounter')
          .select('n')
          .where('key', '=', 'users.role.customer')
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const counted = await counter();
  await database.db
    .insertInto('user')
    .values({
      id: newId(),
      name: 'Phone only',
      email: null,
      emailVerified: false,
      image: null,
      role: 'customer',
      phone: '+254712000001',
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await database.db
    .insertInto('user')
    .values({
      id: newId(),
      name: 'Phone two',
      email: null,
      emailVerified: false,
      image: null,
      role: 'customer',
      phone: '+254712000002',
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  expect(await counter()).toBe(counted + 2);
  await expect(
    database.db
      .insertInto('user')
      .values({
        id: newId(),
        name: 'Dup',
        email: 'old@example.com',
        emailVerified: false,
        image: null,
        role: 'customer',
        phone: '',
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .execute(),
  ).rejects.toThrow();
  // Deleting a user still cascades to their sessions (the foreign keys point at the rebuilt table).
  await database.db.deleteFrom('user').where('id', '=', userId).execute();
  expect(await database.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).toEqual([]);
});
