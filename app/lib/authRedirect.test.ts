import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './authRedirect.ts';

describe('safeRedirectPath', () => {
  it.each(['/course/abc', '/customer?tab=mine', '/learn/abc/2#t=10', '/search?q=kiswahili%20basics'])(
    'keeps the site path %s',
    (p) => {
      expect(safeRedirectPath(p)).toBe(p);
    },
  );

  it.each([
    ['another host', '//evil.example/x'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash later', '/ok\\..\\evil'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'course/abc'],
    ['a tab trick', '/\t/evil.example'],
    ['a newline', '/x\nSet-Cookie: a=b'],
    ['an empty value', ''],
    ['a non-string', 42],
    ['a huge value', `/${'a'.repeat(600)}`],
  ])('drops %s', (_label, v) => {
    expect(safeRedirectPath(v)).toBeNull();
  });

  it('builds the sign-in path that comes back here', () => {
    expect(loginPathFor('/course/abc?x=1')).toBe('/login?redirectTo=%2Fcourse%2Fabc%3Fx%3D1');
  });
});
