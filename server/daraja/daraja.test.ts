// The Daraja client's pure rules: phone formats, callback parsing by item name, result-code meanings. The
// client against the simulator: tests/integration/darajaClient.test.ts.
import { describe, expect, it } from 'vitest';
import { parseStkCallback } from './callback.ts';
import { displayPhone, localPhone, toDarajaPhone } from '#common/phone.ts';
import { meaningOf } from './resultCodes.ts';

describe('phone numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['(0712) 345-678', '254712345678'],
    ['0110123456', '254110123456'],
    ['110123456', '254110123456'],
  ])('%s → %s', (typed, daraja) => {
    expect(toDarajaPhone(typed)).toBe(daraja);
  });

  it('writes numbers for people to read', () => {
    expect(displayPhone('254712345678')).toBe('+254 712 345 678');
    expect(localPhone('254110123456')).toBe('0110 123 456');
  });

  it.each([
    '+255712345678',
    '+12025550100',
    '071234567',
    '07123456789',
    '0201234567',
    '2540712345678',
    '',
    'phone',
    '+254-71x-345678',
  ])('refuses %j', (typed) => {
    expect(toDarajaPhone(typed)).toBeNull();
  });
});

describe('callbacks and result codes', () => {
  it('reads metadata by item name, whatever the order, and tolerates items without a value', () => {
    const cb = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: 'ws_CO_1',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'PhoneNumber', Value: 254708374149 },
              { Name: 'Balance' },
              { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              { Name: 'TransactionDate', Value: 20191219102115 },
              { Name: 'Amount', Value: 1500 },
            ],
          },
        },
      },
    });
    expect(cb).toMatchObject({
      amount: 1500,
      receipt: 'NLJ7RT61SV',
      phone: '254708374149',
      transactionDate: '20191219102115',
      resultCode: 0,
    });
  });

  it('parses a failure without metadata and refuses what is not a callback', () => {
    const cb = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: 'c',
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    });
    expect(cb).toMatchObject({ resultCode: 1032, amount: null, receipt: null, phone: null });
    expect(parseStkCallback({ Body: {} })).toBeNull();
    expect(parseStkCallback('x')).toBeNull();
    expect(parseStkCallback(null)).toBeNull();
  });

  it('maps result codes to outcomes', () => {
    expect([0, 1032, 1037, 1019, 1, 2001, 17, 9999].map((c) => [meaningOf(c).outcome, meaningOf(c).reason])).toEqual([
      ['paid', 'paid'],
      ['cancelled', 'cancelled'],
      ['expired', 'timeout'],
      ['expired', 'timeout'],
      ['failed', 'insufficient_funds'],
      ['failed', 'wrong_pin'],
      ['failed', 'failed'],
      ['failed', 'failed'],
    ]);
  });
});
