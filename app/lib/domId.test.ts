import { describe, expect, it } from 'vitest';
import { domId } from './domId.ts';

describe('domId', () => {
  it('makes one id token of words with spaces, the same every time', () => {
    expect(domId('row', 'cat-creative arts')).toBe('row-cat-creative-arts');
    expect(domId('row', 'cat-creative arts')).toBe(domId('row', 'cat-creative arts'));
    expect(domId('row', 'my-list')).toBe('row-my-list');
  });

  it('keeps no character an id or a selector trips on', () => {
    expect(domId('Row', ' Café & Tech/2026 ')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
