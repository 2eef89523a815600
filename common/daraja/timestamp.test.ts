import { describe, expect, it } from 'vitest';
import { darajaTimestamp, parseDarajaTimestamp, stkPassword } from './timestamp.ts';

describe('timestamp and password', () => {
  it('uses Nairobi time (UTC+3) as YYYYMMDDHHmmss, also across midnight and year end', () => {
    expect(darajaTimestamp(new Date('2026-12-31T21:30:05Z'))).toBe('20270101003005');
    expect(darajaTimestamp(new Date('2026-03-01T08:00:00Z'))).toBe('20260301110000');
    expect(parseDarajaTimestamp('20270101003005')?.toISOString()).toBe('2026-12-31T21:30:05.000Z');
    expect(parseDarajaTimestamp('20260231120000')).toBeNull();
    expect(parseDarajaTimestamp('2026-01-01')).toBeNull();
  });

  it('builds the password as base64(shortcode + passkey + timestamp)', () => {
    expect(Buffer.from(stkPassword('174379', 'key', '20260101120000'), 'base64').toString()).toBe(
      '174379key20260101120000',
    );
  });
});
