import { sql } from 'kysely';
import type { DialectName } from '../connect.ts';
import type { DarasaMigration } from './types.ts';

// The admin dashboard's figures as counters kept by the database itself. Counting a million users and
// summing two million payments on every dashboard load took seconds; triggers on the four source tables
// keep `adminCounter` exact on every insert, update and delete (whoever writes: the app, the seed, a
// migration), so the dashboard reads a few dozen rows instead. Keys:
//   users.role.<role>, users.status.<status>, users.new@YYYY-MM
//   courses.published, courses.draft, courses.featured, courses.new@YYYY-MM
//   purchases.count[@YYYY-MM], purchases.amount[@YYYY-MM]   (paid or later refunded, month of paidAt)
//   refunds.count[@YYYY-MM], refunds.amount[@YYYY-MM]       (month the refund was made)
// Months are Nairobi calendar months (UTC+3 all year).

type Key = [key: string, value: string];

function month(dialect: DialectName, col: string): string {
  return dialect === 'postgres'
    ? `to_char(${col} at time zone 'Africa/Nairobi', 'YYYY-MM')`
    : `strftime('%Y-%m', ${col}, '+180 minutes')`;
}

/** The counter contributions of one row of each table, `r` being its alias (NEW, OLD or the table). */
const SOURCES: Record<string, { watch: string[]; keys: (r: string, d: DialectName) => Key[] }> = {
  user: {
    watch: ['role', 'status', 'createdAt'],
    keys: (r, d) => [
      [`'users.role.' || ${r}."role"`, '1'],
      [`'users.status.' || ${r}."status"`, '1'],
      [`'users.new@' || ${month(d, `${r}."createdAt"`)}`, '1'],
    ],
  },
  course: {
    watch: ['published', 'featured', 'createdAt'],
    keys: (r, d) => [
      [`case when ${r}."published" then 'courses.published' else 'courses.draft' end`, '1'],
      [`case when ${r}."featured" then 'courses.featured' end`, '1'],
      [`'courses.new@' || ${month(d, `${r}."createdAt"`)}`, '1'],
    ],
  },
  payment: {
    watch: ['status', 'amount', 'paidAt'],
    keys: (r, d) => {
      const done = `${r}."status" in ('paid', 'refunded')`;
      const m = month(d, `${r}."paidAt"`);
      return [
        [`case when ${done} then 'purchases.count' end`, '1'],
        [`case when ${done} then 'purchases.amount' end`, `${r}."amount"`],
        [`case when ${done} then 'purchases.count@' || ${m} end`, '1'],
        [`case when ${done} then 'purchases.amount@' || ${m} end`, `${r}."amount"`],
      ];
    },
  },
  refund: {
    watch: ['amount', 'createdAt'],
    keys: (r, d) => {
      const m = month(d, `${r}."createdAt"`);
      return [
        [`'refunds.count'`, '1'],
        [`'refunds.amount'`, `${r}."amount"`],
        [`'refunds.count@' || ${m}`, '1'],
        [`'refunds.amount@' || ${m}`, `${r}."amount"`],
      ];
    },
  },
};

/** One upsert adding (sign = 1) or removing (sign = -1) a row's contributions. */
function upsert(keys: Key[], sign: 1 | -1, from = ''): string {
  const rows = keys.map(([k, v]) => `select ${k} as k, ${sign === 1 ? v : `-(${v})`} as v ${from}`).join(' union all ');
  // Keys whose contributions cancel out (an update that changed nothing counted) are not touched at all.
  return `insert into "adminCounter" ("key", "n") select k, sum(v) from (${rows}) as x where k is not null group by k
    having sum(v) <> 0 on conflict ("key") do update set "n" = "adminCounter"."n" + excluded."n"`;
}

export const adminCounters: DarasaMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('adminCounter')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const [table, { watch, keys }] of Object.entries(SOURCES)) {
      // What is already there (a database upgraded with data in it).
      await sql.raw(upsert(keys('r', dialect), 1, `from "${table}" as r`)).execute(db);
      const cols = watch.map((c) => `"${c}"`).join(', ');
      if (dialect === 'postgres') {
        // Statement-level triggers over transition tables: one upsert per statement, however many rows it
        // touched. (Row-level ones would update the same counter rows once per row, and PostgreSQL slows
        // down badly when one transaction rewrites a row thousands of times, as a bulk load does.)
        await sql
          .raw(
            `create function "admin_count_${table}"() returns trigger language plpgsql as $$
            begin
              if TG_OP <> 'DELETE' then ${upsert(keys('r', dialect), 1, 'from new_rows as r')}; end if;
              if TG_OP <> 'INSERT' then ${upsert(keys('r', dialect), -1, 'from old_rows as r')}; end if;
              return null;
            end $$`,
          )
          .execute(db);
        for (const [event, tables] of [
          ['insert', 'new table as new_rows'],
          ['update', 'old table as old_rows new table as new_rows'],
          ['delete', 'old table as old_rows'],
        ]) {
          await sql
            .raw(
              `create trigger "admin_count_${table}_${event}" after ${event} on "${table}" referencing ${tables}
               for each statement execute function "admin_count_${table}"()`,
            )
            .execute(db);
        }
        continue;
      }
      await sql
        .raw(
          `create trigger "admin_count_${table}_ai" after insert on "${table}" begin ${upsert(keys('NEW', dialect), 1)}; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger "admin_count_${table}_ad" after delete on "${table}" begin ${upsert(keys('OLD', dialect), -1)}; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger "admin_count_${table}_au" after update of ${cols} on "${table}" begin
            ${upsert(keys('OLD', dialect), -1)}; ${upsert(keys('NEW', dialect), 1)}; end`,
        )
        .execute(db);
    }
  },
};
