import { describe, expect, test } from 'vitest';
import { resumePosition } from './resumePosition.ts';

describe('resumePosition', () => {
  test('a saved position of a second or more is where the episode opens', () => {
    expect(resumePosition({ position: 1, duration: 600 })).toBe(1);
    expect(resumePosition({ position: 125.4, duration: 600 })).toBe(125.4);
  });

  test('under one second starts from 0 (never "Resuming at 0:00")', () => {
    expect(resumePosition({ position: 0, duration: 600 })).toBe(0);
    expect(resumePosition({ position: 0.4, duration: 600 })).toBe(0);
    expect(resumePosition({ position: 0.99, duration: 600 })).toBe(0);
  });

  test('within the last 5 seconds, or with no known length, starts again from 0', () => {
    expect(resumePosition({ position: 596, duration: 600 })).toBe(0);
    expect(resumePosition({ position: 600, duration: 600 })).toBe(0);
    expect(resumePosition({ position: 30, duration: 0 })).toBe(0);
  });
});
