import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

/**
 * Discovery (decision 0024): fuzzy search next to the full-text index of 0003, creator profiles, and the
 * indexes Trending, category, creator and price-sorted lists read.
 *
 * Search key = title, creator name and category, lower case, accents and hyphens dropped ("M-Pesa" →
 * "mpesa", "Café" → "cafe"). PostgreSQL: a generated column with a pg_trgm GIN index (word similarity
 * finds "pythn" and "chapatti"). SQLite: a contentless FTS5 trigram index kept by triggers (it removes
 * diacritics itself); the search scores its candidates in JavaScript the way pg_trgm would.
 */
export const discovery: DarasaMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`create extension if not exists pg_trgm`.execute(db);
      // translate() and regexp_replace() are immutable, so the key can be a stored generated column.
      await sql`alter table "course" add column "searchKey" text generated always as (
        regexp_replace(
          translate(lower("title" || ' ' || "creatorName" || ' ' || "category"),
            'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūýÿçñ', 'aaaaaaaeeeeeiiiiiooooooouuuuuyycn'),
          '[-''’.]', '', 'g')
      ) stored`.execute(db);
      await sql`create index "course_search_trgm" on "course" using gin ("searchKey" gin_trgm_ops)`.execute(db);
    } else {
      await sql`create virtual table "courseTrigram" using fts5(
        "key", content='', contentless_delete=1, tokenize='trigram remove_diacritics 1'
      )`.execute(db);
      const key = (row: 'new' | 'old') =>
        sql.raw(`replace(${row}."title" || ' ' || ${row}."creatorName" || ' ' || ${row}."category", '-', '')`);
      await sql`create trigger "course_trgm_ai" after insert on "course" begin
        insert into "courseTrigram"(rowid, "key") values (new.rowid, ${key('new')});
      end`.execute(db);
      await sql`create trigger "course_trgm_ad" after delete on "course" begin
        delete from "courseTrigram" where rowid = old.rowid;
      end`.execute(db);
      await sql`create trigger "course_trgm_au" after update of "title", "creatorName", "category" on "course" begin
        delete from "courseTrigram" where rowid = old.rowid;
        insert into "courseTrigram"(rowid, "key") values (new.rowid, ${key('new')});
      end`.execute(db);
      await sql`insert into "courseTrigram"(rowid, "key")
        select rowid, replace("title" || ' ' || "creatorName" || ' ' || "category", '-', '') from "course"`.execute(db);
    }

    // Public creator profile: bio and avatar (an image asset processed like thumbnails).
    await db.schema
      .alterTable('creatorProfile')
      .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('creatorProfile')
      .addColumn('avatarId', 'text', (c) => c.references('mediaAsset.id').onDelete('set null'))
      .execute();

    // Category and creator pages, price sort; Trending reads recent enrollments and views by date.
    await db.schema
      .createIndex('course_pub_cat_enrolled')
      .on('course')
      .columns(['published', 'category', 'enrolledCount', 'createdAt'])
      .execute();
    await db.schema
      .createIndex('course_creator_pub')
      .on('course')
      .columns(['creatorId', 'published', 'createdAt'])
      .execute();
    await db.schema.createIndex('course_pub_price').on('course').columns(['published', 'price', 'createdAt']).execute();
    await db.schema.createIndex('enrollment_created').on('enrollment').columns(['createdAt', 'courseId']).execute();
    await db.schema.createIndex('view_created').on('viewEvent').columns(['createdAt', 'kind', 'courseId']).execute();
  },
};
