import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_MS, mergeProgress } from './mergeProgress.ts';

const NOW = Date.UTC(2026, 10, 23, 12);
const at = (minutesAgo: number) => NOW - minutesAgo * 60_000;

describe('mergeProgress', () => {
  it('stores the first report as it is', () => {
    expect(mergeProgress(null, { position: 40, completed: false, recordedAt: at(10) }, NOW)).toEqual({
      position: 40,
      completed: false,
      recordedAt: at(10),
    });
  });

  it('keeps a newer position from another device over an older offline report', () => {
    const phoneOnline = { position: 300, completed: false, recordedAt: at(5) };
    const offlineTablet = { position: 120, completed: false, recordedAt: at(60) };
    expect(mergeProgress(phoneOnline, offlineTablet, NOW)).toEqual(phoneOnline);
  });

  it('takes an offline report recorded after what is stored, even if its position is smaller (a rewatch)', () => {
    const stored = { position: 300, completed: false, recordedAt: at(60) };
    const later = { position: 30, completed: false, recordedAt: at(2) };
    expect(mergeProgress(stored, later, NOW)).toEqual(later);
  });

  it('never undoes a completion, whichever report wins', () => {
    const done = { position: 590, completed: true, recordedAt: at(30) };
    expect(mergeProgress(done, { position: 10, completed: false, recordedAt: at(1) }, NOW)).toEqual({
      position: 10,
      completed: true,
      recordedAt: at(1),
    });
    const older = { position: 580, completed: true, recordedAt: at(90) };
    expect(mergeProgress({ position: 5, completed: false, recordedAt: at(1) }, older, NOW)).toEqual({
      position: 5,
      completed: true,
      recordedAt: at(1),
    });
  });

  it('does not let a device clock set in the future win over later reports', () => {
    const future = mergeProgress(null, { position: 50, completed: false, recordedAt: NOW + 86_400_000 }, NOW);
    expect(future.recordedAt).toBe(NOW + MAX_CLOCK_SKEW_MS);
    const tenMinutesLater = NOW + 10 * 60_000;
    expect(
      mergeProgress(future, { position: 80, completed: false, recordedAt: tenMinutesLater }, tenMinutesLater),
    ).toMatchObject({ position: 80 });
  });

  it('on equal times, the incoming report wins (a repeated report changes nothing)', () => {
    const a = { position: 10, completed: false, recordedAt: at(3) };
    expect(mergeProgress(a, { ...a }, NOW)).toEqual(a);
    expect(mergeProgress(a, { ...a, position: 12 }, NOW).position).toBe(12);
  });
});
