import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

/**
 * Upload locks across the web processes of one machine on the embedded SQLite database (decision 0032): a
 * lease row per locked upload, naming the process that holds it and renewed by it, plus a flag by which
 * another process asks it to let go. PostgreSQL needs no table: it uses advisory locks.
 */
export const uploadLocks: DarasaMigration = {
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    await sql`create table "uploadLock" (
      "uploadId" text primary key,
      "holder" text not null,
      "host" text not null,
      "pid" integer not null,
      "expiresAt" integer not null,
      "releaseAsked" integer not null default 0
    )`.execute(db);
    await sql`create index "uploadLock_holder" on "uploadLock" ("holder")`.execute(db);
  },
};
