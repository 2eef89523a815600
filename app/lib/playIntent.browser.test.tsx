// The play intent is read once: the browser keeps a page's history state across a reload (and back and
// forward), so the learning page drops it from its entry, keeping the router's own keys.
import { afterEach, describe, expect, it } from 'vitest';
import { forgetIntent, PLAY_INTENT } from './playIntent.ts';

afterEach(() => window.history.replaceState(null, ''));

describe('forgetIntent', () => {
  it('drops the router state from this entry and keeps the router’s key and index', () => {
    window.history.replaceState({ usr: PLAY_INTENT, key: 'k1', idx: 3 }, '');
    forgetIntent(PLAY_INTENT);
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 3 });
  });

  it('leaves the entry alone when the page had no state', () => {
    const entry = { usr: { startAt: 12 }, key: 'k2', idx: 1 };
    window.history.replaceState(entry, '');
    forgetIntent(null);
    expect(window.history.state).toEqual(entry);
  });
});
