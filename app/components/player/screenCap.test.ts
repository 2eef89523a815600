import { describe, expect, test } from 'vitest';
import { screenLevelCap } from './screenCap.ts';

const ladder = [
  { width: 426, height: 240 },
  { width: 640, height: 360 },
  { width: 854, height: 480 },
  { width: 1280, height: 720 },
];

describe('screenLevelCap', () => {
  test('a 390 px phone player (219 px tall) at DPR 3 counts as DPR 2: up to 438 px, so 360p', () => {
    expect(screenLevelCap(ladder, { width: 390, height: 219 }, 3)).toBe(1);
  });

  test('a 320 px phone preview (about 150 px tall) at DPR 3 needs only 240p', () => {
    expect(screenLevelCap(ladder, { width: 272, height: 153 }, 3)).toBe(0);
  });

  test('a desktop player 1280×720 at DPR 1 takes 720p; 853×480 takes 480p', () => {
    expect(screenLevelCap(ladder, { width: 1280, height: 720 }, 1)).toBe(3);
    expect(screenLevelCap(ladder, { width: 853, height: 480 }, 1)).toBe(2);
  });

  test('fullscreen on an upright phone shows a landscape picture only as tall as the width allows', () => {
    // 390×844 box: the 16:9 picture is 219 px tall, not 844.
    expect(screenLevelCap(ladder, { width: 390, height: 844 }, 3)).toBe(1);
    // Turned to landscape (844×390): 780 device px, so 720p.
    expect(screenLevelCap(ladder, { width: 844, height: 390 }, 3)).toBe(3);
  });

  test('a hidden player (0×0) and levels without a size still leave the lowest rung', () => {
    expect(screenLevelCap(ladder, { width: 0, height: 0 }, 2)).toBe(0);
    expect(screenLevelCap([{ width: 0, height: 0 }, ...ladder], { width: 390, height: 219 }, 2)).toBe(2);
  });
});
