import { expect, test } from 'vitest';
import { isoWeek } from './dataMeter.ts';

test('ISO weeks start on Monday and belong to the year of their Thursday', () => {
  expect(isoWeek(new Date(2026, 10, 23))).toBe('2026-W48'); // a Monday
  expect(isoWeek(new Date(2026, 10, 29))).toBe('2026-W48'); // its Sunday
  expect(isoWeek(new Date(2026, 10, 30))).toBe('2026-W49');
  expect(isoWeek(new Date(2027, 0, 1))).toBe('2026-W53'); // a Friday: still 2026's last week
  expect(isoWeek(new Date(2024, 11, 30))).toBe('2025-W01'); // a Monday whose Thursday is in 2025
});
