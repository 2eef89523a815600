import { describe, expect, it } from 'vitest';
import { formatPhoneInput } from './authPhone.ts';

describe('the phone field', () => {
  it.each([
    ['', '+254 '],
    ['+25', '+254 '],
    ['+254 7', '+254 7'],
    ['+254 7a1b2', '+254 712'],
    ['+254 7123456789', '+254 712345678'],
    ['7+254 ', '+254 7'],
    ['+254 +254712345678', '+254 712345678'],
    ['254712345678', '+254 712345678'],
    ['0712 345 678', '+254 712345678'],
    ['+254 0712-345-678', '+254 712345678'],
  ])('%j shows %j', (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });
});
