// Shared by the admin lists: the query-string schema (size, sort allow-list, direction, keyset cursors,
// search text), LIKE escaping and keyset pagination. Keyset pages are stable under concurrent inserts: a
// page starts strictly after the last (sort value, id) seen, so new rows never shift or repeat entries, and
// the first page of a million-row table reads only `size` index entries.
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { invalidInput } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';

const PAGE_SIZE_DEFAULT = 25;
const PAGE_SIZE_MAX = 100;

export type SortValue = string | number;
export type Cursor = { value: SortValue; id: string };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.value, c.id])).toString('base64url');
}

function decodeCursor(raw: string): Cursor | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 2) return null;
    const [value, id] = v as unknown[];
    if (!isId(id)) return null;
    if (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string' || value.length > 400)
      return null;
    return { value: value as SortValue, id };
  } catch {
    return null;
  }
}

const cursor = z
  .string()
  .max(600)
  .transform((raw, ctx) => {
    const c = decodeCursor(raw);
    if (!c) ctx.addIssue({ code: 'custom', message: 'is not a page link this list gave out' });
    return c ?? { value: '', id: '' };
  });

/** The query-string schema of one list: `sorts` is the allow-list, the first entry the default. */
export function listQuerySchema<S extends string, F extends z.ZodRawShape>(sorts: readonly [S, ...S[]], filters: F) {
  return z
    .object({
      q: z.string().trim().max(100).default(''),
      sort: z.enum(sorts).default(sorts[0]),
      dir: z.enum(['asc', 'desc']).default('desc'),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
      after: cursor.optional(),
      before: cursor.optional(),
      ...filters,
    })
    .strict()
    .refine((v) => !((v as { after?: unknown }).after && (v as { before?: unknown }).before), {
      message: 'Use either after or before, not both.',
    });
}

/** A moderation queue (reported reviews, reported questions and answers): most reported or newest, visible or hidden. */
export const moderationQueueQuery = listQuerySchema(['reportCount', 'createdAt'], {
  status: z.enum(['visible', 'hidden']).optional(),
});

/**
 * Validates a list operation's input, a query string (URLSearchParams or a plain record; nothing at all is
 * the first page), into list options; bad input → invalid_input naming the parameter.
 */
export function parseListQuery<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const record: object = input instanceof URLSearchParams ? Object.fromEntries(input) : Object(input ?? {});
  // An empty field from a search form means "not set".
  const cleaned = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || ('keys' in issue ? String((issue as { keys: string[] }).keys[0]) : 'query');
    throw invalidInput(`Invalid list parameter "${field}": ${issue.message}`);
  }
  return parsed.data;
}

/** `%text%` with LIKE's own wildcards escaped, for `like … escape '\'`: "50%_off" matches only itself. */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `lower(col) like pattern escape '\'` over several columns, OR-ed. */
export function matchesAny(columns: string[], q: string): RawBuilder<boolean> {
  const pattern = containsPattern(q);
  return sql<boolean>`(${sql.join(
    columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

export interface KeysetOptions {
  sortColumn: string;
  idColumn: string;
  dir: 'asc' | 'desc';
  size: number;
  after?: Cursor | undefined;
  before?: Cursor | undefined;
}

/** The WHERE part and ORDER BY direction of one keyset page; `reversed` when paging backwards. */
export function keysetClause(o: KeysetOptions) {
  const reversed = !!o.before;
  const from = o.after ?? o.before;
  const ascending = (o.dir === 'asc') !== reversed;
  const where = from
    ? sql<boolean>`(${sql.ref(o.sortColumn)}, ${sql.ref(o.idColumn)}) ${sql.raw(ascending ? '>' : '<')} (${from.value}, ${from.id})`
    : null;
  return { where, order: ascending ? ('asc' as const) : ('desc' as const), reversed, limit: o.size + 1 };
}

export interface Page<T> {
  items: T[];
  /** Cursor for the following page, or null on the last one. */
  next: string | null;
  /** Cursor for the preceding page, or null on the first one. */
  prev: string | null;
}

/** Trims the extra look-ahead row, restores display order and builds the neighbouring cursors. */
export function finishPage<T>(rows: T[], o: KeysetOptions, keyOf: (row: T) => Cursor): Page<T> {
  const reversed = !!o.before;
  const more = rows.length > o.size;
  const items = rows.slice(0, o.size);
  if (reversed) items.reverse();
  const first = items[0];
  const last = items[items.length - 1];
  const hasNext = reversed ? true : more;
  const hasPrev = reversed ? more : !!o.after;
  return {
    items,
    next: hasNext && last ? encodeCursor(keyOf(last)) : null,
    prev: hasPrev && first ? encodeCursor(keyOf(first)) : null,
  };
}

/**
 * A text column as a list filter compares it. Sorted by createdAt, the plain column lets the database use
 * its (filter, createdAt) index. Sorted by anything else, `column || ''` hides the filter's index: a
 * status or role matches most rows, and SQLite would otherwise read them all through that index and sort
 * them, instead of walking the sort column's index and stopping after one page. PostgreSQL's cost model
 * picks the sort index either way.
 */
export function filterColumn(column: string, sort: string): RawBuilder<string> {
  return sort === 'createdAt' ? sql<string>`${sql.ref(column)}` : sql<string>`(${sql.ref(column)} || '')`;
}
