// SQLite and PostgreSQL return some types differently; domain modules read rows through these so both
// dialects yield the same values.

export function toBool(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 't';
}

export function toIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return new Date(v.includes('T') || v.includes('Z') ? v : `${v}Z`).toISOString();
  return new Date(Number(v)).toISOString();
}

export function toNum(v: unknown): number {
  return typeof v === 'number' ? v : Number(v ?? 0);
}
