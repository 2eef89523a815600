import type { PayoutSchedule } from '#server/db/schema.ts';

// Automatic payouts go out at 09:00 Nairobi time (06:00 UTC): daily, or on Mondays for weekly.
const RUN_HOUR_UTC = 6;
const DAY_MS = 86_400_000;

/** The latest scheduled run at or before `now`. */
export function lastRunAt(schedule: Exclude<PayoutSchedule, 'manual'>, now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC));
  let t = d.getTime() > now.getTime() ? d.getTime() - DAY_MS : d.getTime();
  if (schedule === 'weekly') while (new Date(t).getUTCDay() !== 1) t -= DAY_MS;
  return new Date(t);
}

/** The next scheduled run after `now`; null for manual payouts. */
export function nextRunAt(schedule: PayoutSchedule, now: Date): Date | null {
  if (schedule === 'manual') return null;
  const last = lastRunAt(schedule, now).getTime();
  return new Date(last + (schedule === 'weekly' ? 7 : 1) * DAY_MS);
}
