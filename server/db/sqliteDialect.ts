// Kysely has no dialect for Node's built-in `node:sqlite`; its SqliteDialect accepts any database with a
// better-sqlite3-like surface, so this adapter provides one: a prepared-statement cache and conversion of
// values SQLite cannot bind (booleans, Dates, undefined); transactions begin immediate.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

type Bindable = null | number | bigint | string | Uint8Array;

function toBindable(value: unknown): Bindable {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value;
  return JSON.stringify(value);
}

const CACHE_LIMIT = 500;

class Statement implements SqliteStatement {
  readonly reader: boolean;
  readonly #stmt: StatementSync;
  constructor(stmt: StatementSync) {
    this.#stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#stmt.all(...parameters.map(toBindable));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const r = this.#stmt.run(...parameters.map(toBindable));
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#stmt.iterate(...parameters.map(toBindable)) as IterableIterator<unknown>;
  }
}

export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  return db;
}

export function nodeSqliteDialect(raw: DatabaseSync): SqliteDialect {
  const cache = new Map<string, Statement>();
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(text: string) {
      // Kysely opens transactions with a deferred `begin`: one that reads and then writes fails at once
      // with "database is locked" when another process (a worker, another web process) wrote meanwhile,
      // without waiting for busy_timeout. Taking the write lock up front makes it wait its turn instead.
      const sql = text === 'begin' ? 'begin immediate' : text;
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = new Statement(raw.prepare(sql));
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
  return new SqliteDialect({ database });
}
