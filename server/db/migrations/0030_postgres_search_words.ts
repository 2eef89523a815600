import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

/**
 * The PostgreSQL search's spelling step (decision 0046), as SQLite's (0023, decision 0028): every distinct
 * word of the courses' search keys (`searchKey`, 0018), with a pg_trgm index of its own. A misspelt query
 * word is first compared with these few thousand words (`%>`), then the courses are found by the near words
 * themselves (`like '%word%'`, answered by the key's trigram index and checked cheaply), instead of
 * computing `word_similarity` against the key of every course the trigram index offers (thousands at
 * 100,000 courses for a common word).
 *
 * A word is a run of letters and digits of the key, three or more long. Kept by triggers on `course`: once
 * per insert statement (a bulk load adds its words in one go), and per row when a key changes; words are
 * never removed (a word no course uses any more only costs a look-up that finds nothing). They are added
 * in sorted order, so two transactions adding the same new words wait for each other instead of
 * deadlocking. SQLite has its own since 0023.
 */
export const postgresSearchWords: DarasaMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    await sql`create table "searchWord" ("word" text primary key)`.execute(db);
    await sql`create index "searchWord_trgm" on "searchWord" using gin ("word" gin_trgm_ops)`.execute(db);
    const wordsOf = (rows: string) =>
      sql.raw(`select distinct "w" from ${rows}, regexp_split_to_table("searchKey", '[^[:alnum:]]+') as "w"
        where length("w") >= 3 order by "w"`);
    await sql`create function "searchWord_addInserted"() returns trigger language plpgsql as $$
      begin
        insert into "searchWord"("word") ${wordsOf('"inserted"')} on conflict do nothing;
        return null;
      end $$`.execute(db);
    await sql`create function "searchWord_addUpdated"() returns trigger language plpgsql as $$
      begin
        insert into "searchWord"("word") ${wordsOf('(select new."searchKey" as "searchKey") as "updated"')} on conflict do nothing;
        return null;
      end $$`.execute(db);
    await sql`create trigger "course_words_ai" after insert on "course"
      referencing new table as "inserted" for each statement execute function "searchWord_addInserted"()`.execute(db);
    await sql`create trigger "course_words_au" after update of "title", "creatorName", "category" on "course"
      for each row when (old."searchKey" is distinct from new."searchKey")
      execute function "searchWord_addUpdated"()`.execute(db);
    await sql`insert into "searchWord"("word") ${wordsOf('"course"')} on conflict do nothing`.execute(db);
  },
};
