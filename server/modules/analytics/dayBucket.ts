import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import { nairobiOffsetMinutes } from '../shared/nairobiTime.ts';

/** The Nairobi calendar day ("2026-11-01") of a timestamp column, computed in the database. */
export function nairobiDaySql(dialect: DialectName, column: string): RawBuilder<string> {
  if (dialect === 'postgres')
    return sql<string>`to_char(${sql.ref(column)} at time zone 'Africa/Nairobi', 'YYYY-MM-DD')`;
  // SQLite has no time-zone database; Nairobi keeps one offset all year, taken from Intl.
  return sql<string>`substr(datetime(${sql.ref(column)}, ${`${nairobiOffsetMinutes()} minutes`}), 1, 10)`;
}
