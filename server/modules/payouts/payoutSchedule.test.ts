// Automatic payouts run at 09:00 Nairobi time (06:00 UTC): every day, or on Mondays for weekly.
import { describe, expect, it } from 'vitest';
import { lastRunAt, nextRunAt } from './payoutSchedule.ts';

const at = (iso: string) => new Date(iso);

describe('payout schedule', () => {
  it('daily: today’s 09:00 Nairobi run once it has come, yesterday’s before', () => {
    // 2026-06-03 is a Wednesday.
    expect(lastRunAt('daily', at('2026-06-03T06:00:00Z'))).toEqual(at('2026-06-03T06:00:00Z'));
    expect(lastRunAt('daily', at('2026-06-03T12:00:00Z'))).toEqual(at('2026-06-03T06:00:00Z'));
    expect(lastRunAt('daily', at('2026-06-03T05:59:59Z'))).toEqual(at('2026-06-02T06:00:00Z'));
    expect(nextRunAt('daily', at('2026-06-03T05:59:59Z'))).toEqual(at('2026-06-03T06:00:00Z'));
    expect(nextRunAt('daily', at('2026-06-03T06:00:00Z'))).toEqual(at('2026-06-04T06:00:00Z'));
  });

  it('weekly: the last Monday’s run, and the next Monday’s', () => {
    expect(lastRunAt('weekly', at('2026-06-03T12:00:00Z'))).toEqual(at('2026-06-01T06:00:00Z'));
    expect(nextRunAt('weekly', at('2026-06-03T12:00:00Z'))).toEqual(at('2026-06-08T06:00:00Z'));
    // Monday before 09:00 Nairobi: still the previous Monday.
    expect(lastRunAt('weekly', at('2026-06-08T05:00:00Z'))).toEqual(at('2026-06-01T06:00:00Z'));
    expect(lastRunAt('weekly', at('2026-06-08T06:00:00Z'))).toEqual(at('2026-06-08T06:00:00Z'));
  });

  it('crosses month and year ends', () => {
    expect(lastRunAt('daily', at('2026-01-01T03:00:00Z'))).toEqual(at('2025-12-31T06:00:00Z'));
    expect(nextRunAt('weekly', at('2026-12-30T12:00:00Z'))).toEqual(at('2027-01-04T06:00:00Z'));
  });

  it('manual: no next run', () => {
    expect(nextRunAt('manual', at('2026-06-03T12:00:00Z'))).toBeNull();
  });
});
