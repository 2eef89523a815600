// The throw-away databases every database test uses are copies of one migrated template
// (tests/support/testDatabase.ts, docs/conventions.md): each copy must be fully migrated and on its own.
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrations } from '#server/db/migrations/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';

const made: TestDatabase[] = [];
afterAll(async () => {
  for (const t of made) await t.close();
});

it('gives each test a fully migrated database of its own; an unmigrated one when asked', async () => {
  const [a, b, empty] = await Promise.all([
    createTestDatabase(),
    createTestDatabase(),
    createTestDatabase({ migrate: false }),
  ]);
  made.push(a, b, empty);
  for (const t of [a, b]) {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
  }
  await a.db.insertInto('counter').values({ name: 'only-in-a', value: 1 }).execute();
  const inA = await a.db.selectFrom('counter').select('name').where('name', '=', 'only-in-a').execute();
  const inB = await b.db.selectFrom('counter').select('name').where('name', '=', 'only-in-a').execute();
  expect(inA).toHaveLength(1);
  expect(inB).toHaveLength(0);
  await expect(sql`select 1 from kysely_migration`.execute(empty.db)).rejects.toThrow();
});
