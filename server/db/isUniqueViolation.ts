/** A unique constraint refused a write, on either database (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' ||
    e?.errcode === 2067 ||
    (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}
