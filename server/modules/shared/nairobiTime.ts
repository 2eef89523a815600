// Calendar months and days as people in Kenya count them (Africa/Nairobi, UTC+3 with no daylight saving):
// a purchase at 2026-10-31T22:30Z is in November. Offsets come from the time-zone database, not a constant.
const TZ = 'Africa/Nairobi';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Nairobi wall-clock time minus UTC at `at`, in milliseconds. */
export function nairobiOffsetMs(at: Date): number {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the Nairobi calendar month `monthsFromNow` months away from `now`'s month begins. */
export function nairobiMonthStart(now: Date, monthsFromNow = 0): Date {
  const local = new Date(now.getTime() + nairobiOffsetMs(now));
  const wallMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + monthsFromNow, 1);
  return new Date(wallMidnight - nairobiOffsetMs(new Date(wallMidnight)));
}

/** The instants a Nairobi calendar month "2026-11" begins and ends. */
export function nairobiMonthBounds(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = (monthIndex: number) => {
    const wallMidnight = Date.UTC(y, monthIndex, 1);
    return new Date(wallMidnight - nairobiOffsetMs(new Date(wallMidnight)));
  };
  return { from: start(m - 1), to: start(m) };
}

/** "2026-11-01": the Nairobi calendar day of an instant. */
export function nairobiDay(at: Date): string {
  return new Date(at.getTime() + nairobiOffsetMs(at)).toISOString().slice(0, 10);
}

/** Minutes to add to UTC for Nairobi's wall clock (SQLite has no time-zone database; PostgreSQL's agrees). */
export const nairobiOffsetMinutes = (at = new Date()) => Math.round(nairobiOffsetMs(at) / 60_000);
