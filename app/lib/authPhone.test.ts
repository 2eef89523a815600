import { describe, expect, it } from 'vitest';
import { formatPhoneInput, pastedPhone } from './authPhone.ts';

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

describe('pasting into the phone field', () => {
  it.each(['0722000111', '+254 722 000 111', '254722000111', '0722 000 111', '+254722000111', '722000111'])(
    '%j replaces the field with the whole number',
    (pasted) => {
      expect(pastedPhone(pasted)).toBe('+254 722000111');
    },
  );

  it.each(['07', '722 000', 'abc'])('%j is left to the browser to insert', (pasted) => {
    expect(pastedPhone(pasted)).toBeNull();
  });
});
