import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

// Full-text search over courses with each database's own engine: FTS5 (external content, kept in step by
// triggers) on SQLite, a generated tsvector with a GIN index on PostgreSQL. The 'simple' configuration
// does no English stemming: titles mix English, Kiswahili and names.
export const search: DarasaMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`alter table "course" add column "searchVector" tsvector generated always as (
        setweight(to_tsvector('simple', coalesce("title", '')), 'A') ||
        setweight(to_tsvector('simple', coalesce("creatorName", '') || ' ' || coalesce("category", '')), 'B') ||
        setweight(to_tsvector('simple', coalesce("description", '')), 'C')
      ) stored`.execute(db);
      await sql`create index "course_search" on "course" using gin ("searchVector")`.execute(db);
      return;
    }
    await sql`create virtual table "courseFts" using fts5(
      "title", "description", "creatorName", "category",
      content='course', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger "course_fts_ai" after insert on "course" begin
      insert into "courseFts"(rowid, "title", "description", "creatorName", "category")
      values (new.rowid, new."title", new."description", new."creatorName", new."category");
    end`.execute(db);
    await sql`create trigger "course_fts_ad" after delete on "course" begin
      insert into "courseFts"("courseFts", rowid, "title", "description", "creatorName", "category")
      values ('delete', old.rowid, old."title", old."description", old."creatorName", old."category");
    end`.execute(db);
    await sql`create trigger "course_fts_au" after update of "title", "description", "creatorName", "category"
      on "course" begin
      insert into "courseFts"("courseFts", rowid, "title", "description", "creatorName", "category")
      values ('delete', old.rowid, old."title", old."description", old."creatorName", old."category");
      insert into "courseFts"(rowid, "title", "description", "creatorName", "category")
      values (new.rowid, new."title", new."description", new."creatorName", new."category");
    end`.execute(db);
  },
};
