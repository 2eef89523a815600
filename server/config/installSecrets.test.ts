// The callback secrets of an install: random, generated once in DATA_DIR and shared by its processes, and
// never written out where they could be read (records, log lines). Decision 0041.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logging/logger.ts';
import { rawRecord } from '#server/modules/shared/rawRecord.ts';
import { C2B_FORBIDDEN_URL_WORDS } from '#server/daraja/c2b.ts';
import { GENERATED_SECRET_FILES, loadConfig, urlSecrets } from './config.ts';
import { generatedSecret } from './generatedSecret.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const OLD_PUBLIC_CONSTANTS = ['simulator-callback-secret', 'simulator-sms-report-secret'];

describe('callback secrets', () => {
  it('are random per install in simulator mode, kept in DATA_DIR (mode 600) and the same for every process', () => {
    const a = dataDir();
    const first = loadConfig({ DATA_DIR: a });
    // Loading the settings writes nothing (backup and restore load them too); the first read generates.
    expect(fs.readdirSync(a)).toEqual([]);
    const again = loadConfig({ DATA_DIR: a, PORT: '4000' });
    const other = loadConfig({ DATA_DIR: dataDir() });
    const secrets = urlSecrets(first);
    expect(secrets).toHaveLength(3);
    expect(new Set(secrets).size).toBe(3);
    for (const s of secrets) {
      expect(s).toMatch(/^[0-9a-f]{64}$/);
      expect(OLD_PUBLIC_CONSTANTS).not.toContain(s);
    }
    expect(urlSecrets(again)).toEqual(secrets);
    expect(urlSecrets(other).some((s) => secrets.includes(s))).toBe(false);
    for (const file of Object.values(GENERATED_SECRET_FILES))
      expect(fs.statSync(path.join(a, file)).mode & 0o777).toBe(0o600);
  });

  it('never spell a word Daraja refuses in a Paybill URL, so URL registration cannot fail by chance', () => {
    // Base64 secrets spelt "exe", "cmd" or "sql" about once in 270: a fresh install then saw no Paybill payment.
    for (let i = 0; i < 3000; i++) {
      const { value } = generatedSecret(dataDir(), 'mpesa-callback-secret');
      expect(value).not.toMatch(C2B_FORBIDDEN_URL_WORDS);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), MPESA_CALLBACK_SECRET: 'abcdefgh-cmd-12345678' })).toThrow(
      /MPESA_CALLBACK_SECRET.*must not contain/s,
    );
  });

  it('configured ones win; B2C falls back to the callback secret; a real SMS account without one takes no reports', () => {
    const dir = dataDir();
    const c = loadConfig({
      DATA_DIR: dir,
      MPESA_CALLBACK_SECRET: 'configured-secret-12345',
      SMS_DELIVERY_REPORT_SECRET: 'sms-secret-1234567890',
    });
    expect(c.mpesa).toMatchObject({
      callbackSecret: 'configured-secret-12345',
      b2cResultSecret: 'configured-secret-12345',
    });
    expect(c.sms.deliveryReportSecret).toBe('sms-secret-1234567890');
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, SMS_ENV: 'sandbox', AT_API_KEY: 'k' }).sms.deliveryReportSecret).toBeNull();
  });

  it('are redacted from raw records and from every log line, whatever field carries them', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    const [callback, b2c, sms] = urlSecrets(config) as [string, string, string];
    const record = rawRecord(config, {
      Result: {
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: `https://x/api/mpesa/b2c/timeout/${b2c}` } },
      },
    });
    expect(record).not.toContain(b2c);
    expect(JSON.parse(record).Result.ReferenceData.ReferenceItem.Value).toBe(
      'https://x/api/mpesa/b2c/timeout/[redacted]',
    );

    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', urlSecrets(config), sink);
    log.info({ path: `/api/mpesa/callback/${callback}` }, 'request');
    log.error({ err: new Error(`POST /api/sms/delivery/${sms} failed`) }, `callback ${b2c}`);
    expect(lines).toHaveLength(2);
    for (const s of [callback, b2c, sms]) expect(lines.join('')).not.toContain(s);
    expect(lines[0]).toContain('/api/mpesa/callback/[redacted]');
  });

  it('refuses an allow-list entry that is not an address or a CIDR block', () => {
    const base = { DATA_DIR: dataDir() };
    expect(
      loadConfig({ ...base, MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.200, 196.201.212.0/24,2001:db8::/32' }).mpesa
        .callbackAllowedIps,
    ).toEqual(['196.201.214.200', '196.201.212.0/24', '2001:db8::/32']);
    for (const bad of ['196.201.214', 'safaricom.co.ke', '10.0.0.0/33', '10.0.0.0/8/1', ' , '])
      expect(() => loadConfig({ ...base, MPESA_CALLBACK_ALLOWED_IPS: bad }), bad).toThrow(/MPESA_CALLBACK_ALLOWED_IPS/);
  });
});
