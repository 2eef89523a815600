import { describe, expect, it } from 'vitest';
import { loginPathFor } from './authRedirect.ts';

describe('loginPathFor', () => {
  it('builds the sign-in path that comes back here', () => {
    expect(loginPathFor('/course/abc?x=1')).toBe('/login?redirectTo=%2Fcourse%2Fabc%3Fx%3D1');
  });
});
