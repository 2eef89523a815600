import type { Kysely } from 'kysely';
import type { DialectName } from '../connect.ts';

export interface MigrationTypes {
  /** Timestamp column type. */
  ts: 'timestamptz' | 'text';
  /** Boolean column type. */
  bool: 'boolean' | 'integer';
}

export interface DarasaMigration {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's DB type (Kysely's documented pattern)
  up(db: Kysely<any>, dialect: DialectName, t: MigrationTypes): Promise<void>;
}

export function typesFor(dialect: DialectName): MigrationTypes {
  return dialect === 'postgres' ? { ts: 'timestamptz', bool: 'boolean' } : { ts: 'text', bool: 'integer' };
}
