import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './connect.ts';
import { migrations } from './migrations/index.ts';
import { typesFor } from './migrations/types.ts';

/** Applies pending migrations; safe to call from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const t = typesFor(database.dialect);
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, m]) => [name, { up: (db) => m.up(db, database.dialect, t) }]),
      );
    },
  };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
