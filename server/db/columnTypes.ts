import type { ColumnType } from 'kysely';

/** ISO strings on SQLite, Dates on PostgreSQL: read them through values.ts. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** 0/1 on SQLite, booleans on PostgreSQL. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
