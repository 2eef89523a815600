import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

/**
 * The SQLite search's spelling step (decision 0028): every distinct word of the courses' search keys, with a
 * trigram index of its own. A misspelt query word is first matched against these few thousand words, then the
 * courses are found by the near words themselves (`courseTrigram` phrase matches), instead of ranking every
 * course sharing one trigram with the query (bm25 over tens of thousands of rows at 100,000 courses).
 *
 * A word is a piece of the same key `courseTrigram` indexes (title, creator name and category, hyphens
 * dropped), lower case, split at white space, quotes and backslashes, so every word is a substring of its
 * course's key and matches it as a phrase. Kept by triggers on `course`; words are never removed (a word no
 * course uses any more only costs a look-up that finds nothing). PostgreSQL needs none of this: its pg_trgm
 * index answers word similarity directly (0018).
 */
export const searchWords: DarasaMigration = {
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    await sql`create table "searchWord" ("id" integer primary key, "word" text not null unique)`.execute(db);
    await sql`create virtual table "searchWordTrigram" using fts5(
      "word", content='searchWord', content_rowid='id', tokenize='trigram remove_diacritics 1'
    )`.execute(db);
    await sql`create trigger "searchWord_ai" after insert on "searchWord" begin
      insert into "searchWordTrigram"(rowid, "word") values (new."id", new."word");
    end`.execute(db);
    // The key's words as a JSON array for json_each (CTEs are not allowed in triggers); a key JSON cannot
    // hold (other control characters) adds no words rather than failing the course's write.
    const words = (row: 'new' | 'course') => {
      let key = `lower(replace(${row}."title" || ' ' || ${row}."creatorName" || ' ' || ${row}."category", '-', ''))`;
      for (const c of ["'\"'", "'\\'", 'char(9)', 'char(10)', 'char(13)']) key = `replace(${key}, ${c}, ' ')`;
      const json = `'["' || replace(${key}, ' ', '","') || '"]'`;
      return sql.raw(`json_each(case when json_valid(${json}) then ${json} else '[]' end) as "w"`);
    };
    await sql`create trigger "course_words_ai" after insert on "course" begin
      insert or ignore into "searchWord"("word") select "w"."value" from ${words('new')} where length("w"."value") >= 3;
    end`.execute(db);
    await sql`create trigger "course_words_au" after update of "title", "creatorName", "category" on "course" begin
      insert or ignore into "searchWord"("word") select "w"."value" from ${words('new')} where length("w"."value") >= 3;
    end`.execute(db);
    await sql`insert or ignore into "searchWord"("word")
      select "w"."value" from "course", ${words('course')} where length("w"."value") >= 3`.execute(db);
  },
};
