// When simulated payments and SMS may start, and what start-up says about them (decision 0041).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { REAL_MPESA as MPESA_SETTINGS, REAL_SMS } from '#tests/support/realProviderSettings.ts';
import { isLoopbackHost, productionSettings, simulatorBanner } from './simulatorRules.ts';

const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-rules-'));
afterAll(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR, ...env });
const REAL_MPESA = { ...MPESA_SETTINGS, MPESA_ENV: 'production' };

describe('simulators and a real site’s settings', () => {
  it('the quick start’s defaults and local development settings start', () => {
    for (const env of [
      {} as Record<string, string>,
      { PUBLIC_URL: 'http://192.168.1.20:3000' },
      { PUBLIC_URL: 'https://localhost:8443' },
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/darasa' },
      { DATABASE_URL: 'postgres://postgres@localhost/darasa' },
      { DATABASE_URL: 'postgresql:///darasa?host=/var/run/postgresql' },
      { S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' },
      { ...REAL_MPESA, MPESA_ENV: 'sandbox', SMS_ENV: 'sandbox', AT_API_KEY: 'k' },
    ])
      expect(() => load(env), JSON.stringify(env)).not.toThrow();
  });

  it('each real-site setting beside a simulator refuses to start, naming it and DEMO_MODE', () => {
    for (const [env, named] of [
      [{ PUBLIC_URL: 'https://darasa.example' }, /PUBLIC_URL is a public https site/],
      [{ DATABASE_URL: 'postgres://app@db.internal:5432/darasa' }, /DATABASE_URL .*db\.internal/],
      [{ S3_BUCKET: 'media' }, /S3_BUCKET keeps media in AWS S3/],
      [{ S3_BUCKET: 'media', S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com' }, /object storage at acc\.r2/],
      [REAL_MPESA, /SMS is simulated[\s\S]*MPESA_ENV=production/],
      [REAL_SMS, /M-Pesa is simulated[\s\S]*SMS_ENV=production/],
    ] as const) {
      const err = (() => {
        try {
          load(env);
        } catch (e) {
          return e;
        }
      })();
      expect(err, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(named);
      expect((err as Error).message).toMatch(/DEMO_MODE=1/);
      // Asked for by name, the demo starts.
      expect(() => load({ ...env, DEMO_MODE: '1' })).not.toThrow();
    }
    // Nothing simulated: nothing to refuse.
    expect(() => load({ ...REAL_MPESA, ...REAL_SMS, PUBLIC_URL: 'https://darasa.example' })).not.toThrow();
  });

  it('knows loopback hosts from public ones', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'app.localhost', '::1', '[::1]'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.20', 'darasa.example', '128.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(false);
    expect(productionSettings(load({ PUBLIC_URL: 'http://darasa.example' }))).toEqual([]);
  });

  it('the banner says what is simulated and where the pages are, and warns only when HOST is public', () => {
    const pages = [
      { title: 'M-Pesa simulator', url: 'http://127.0.0.1:4040/__mpesa' },
      { title: 'SMS simulator', url: 'http://127.0.0.1:4050/__sms' },
    ];
    const local = simulatorBanner(load({ HOST: '127.0.0.1' }), 'http://localhost:3000', pages)!;
    expect(local).toMatch(/PAYMENTS \(M-Pesa\) AND SMS ARE SIMULATED/);
    expect(local).toContain('http://127.0.0.1:4040/__mpesa');
    expect(local).toContain('http://127.0.0.1:4050/__sms');
    expect(local).not.toMatch(/WARNING/);
    // Without SMTP_URL, e-mails (sign-up codes) are files: the banner says where.
    expect(local).toContain(`E-mails (sign-up codes, password resets), SMTP_URL unset: ${DATA_DIR}/outbox`);
    const mailed = simulatorBanner(load({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail.example:25' }), 'x', pages)!;
    expect(mailed).not.toMatch(/outbox/);
    const open = simulatorBanner(load({}), 'http://localhost:3000', pages)!;
    expect(open).toMatch(/WARNING: HOST=0\.0\.0\.0 lets other machines reach this site/);
    const demo = simulatorBanner(load({ PUBLIC_URL: 'https://demo.darasa.example', DEMO_MODE: '1' }), 'x', pages)!;
    expect(demo).toMatch(/DEMO_MODE=1: started with real-site settings \(PUBLIC_URL is a public https site/);
    expect(simulatorBanner(load({ ...REAL_MPESA, ...REAL_SMS }), 'x', [])).toBeNull();
  });
});
