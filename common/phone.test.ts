import { describe, expect, it } from 'vitest';
import { kenyanSubscriberDigits, toDarajaPhone } from './phone.ts';

describe('Kenyan numbers in any form', () => {
  it.each([
    '0722000111',
    '0722 000 111',
    '+254 722 000 111',
    '+254722000111',
    '254722000111',
    '722000111',
    '00254722000111',
    '+254 (0)722-000-111',
    '+254 0722 000 111',
    ' 0722.000.111 ',
  ])('%j is 722000111 after +254', (written) => {
    expect(kenyanSubscriberDigits(written)).toBe('722000111');
    expect(toDarajaPhone(written)).toBe('254722000111');
  });

  it.each([
    ['0110 123 456', '110123456'],
    ['+254 1101 23456', '110123456'],
    ['07', '7'],
    ['+254 72', '72'],
    ['2547', '2547'],
  ])('%j gives %j (new ranges and partly typed numbers)', (written, digits) => {
    expect(kenyanSubscriberDigits(written)).toBe(digits);
  });

  it.each(['0722 000 11', '+255 722 000 111', '0622000111', '07220001112', 'O722000111'])(
    '%j is no Daraja number',
    (written) => {
      expect(toDarajaPhone(written)).toBeNull();
    },
  );
});
