// Keyboard shortcuts of the player, kept apart from the component so the mapping is easy to read and test.
export const SEEK_STEP = 10;
export const VOLUME_STEP = 0.1;

export type PlayerAction =
  | { type: 'toggle' }
  | { type: 'seek'; by: number }
  | { type: 'volume'; by: number }
  | { type: 'mute' };

export function actionForKey(key: string): PlayerAction | null {
  switch (key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'toggle' };
    case 'ArrowLeft':
    case 'j':
    case 'J':
      return { type: 'seek', by: -SEEK_STEP };
    case 'ArrowRight':
    case 'l':
    case 'L':
      return { type: 'seek', by: SEEK_STEP };
    case 'ArrowUp':
      return { type: 'volume', by: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volume', by: -VOLUME_STEP };
    case 'm':
    case 'M':
      return { type: 'mute' };
    default:
      return null;
  }
}

/** Volume stays on the 0–1 scale in steps of 0.1 (no float drift such as 0.30000000000000004). */
export function stepVolume(current: number, by: number): number {
  return Math.min(1, Math.max(0, Math.round((current + by) * 10) / 10));
}
