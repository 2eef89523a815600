import { describe, expect, it } from 'vitest';
import { actionForKey, stepVolume } from './playerKeys.ts';

describe('player keys', () => {
  it('maps the shortcuts', () => {
    expect(actionForKey(' ')).toEqual({ type: 'toggle' });
    expect(actionForKey('k')).toEqual({ type: 'toggle' });
    expect(actionForKey('ArrowLeft')).toEqual({ type: 'seek', by: -10 });
    expect(actionForKey('J')).toEqual({ type: 'seek', by: -10 });
    expect(actionForKey('l')).toEqual({ type: 'seek', by: 10 });
    expect(actionForKey('ArrowUp')).toEqual({ type: 'volume', by: 0.1 });
    expect(actionForKey('ArrowDown')).toEqual({ type: 'volume', by: -0.1 });
    expect(actionForKey('m')).toEqual({ type: 'mute' });
    expect(actionForKey('x')).toBeNull();
    expect(actionForKey('Enter')).toBeNull();
  });

  it('keeps the volume on 0–1 in steps of 0.1, without float drift', () => {
    expect(stepVolume(0.2, 0.1)).toBe(0.3);
    expect(stepVolume(0.7, -0.1)).toBe(0.6);
    expect(stepVolume(1, 0.1)).toBe(1);
    expect(stepVolume(0, -0.1)).toBe(0);
    expect(stepVolume(0.449, 0)).toBe(0.4);
    let v = 0;
    for (let i = 0; i < 10; i++) v = stepVolume(v, 0.1);
    expect(v).toBe(1);
  });
});
