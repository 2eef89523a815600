import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as load } from '#server/config/config.ts';
import { REAL_MPESA } from '#tests/support/realProviderSettings.ts';

// Simulator mode generates its callback secrets in DATA_DIR: a throw-away one, not ./data.
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-mpesa-config-'));
const loadConfig = (env: Record<string, string>) => load({ DATA_DIR, ...env });

const real = {
  ...REAL_MPESA,
  // Real M-Pesa beside simulated SMS would be refused (decision 0041).
  SMS_ENV: 'sandbox',
  AT_API_KEY: 'at-key',
};

describe('M-Pesa configuration', () => {
  it('defaults to the simulator, started by the server', () => {
    expect(loadConfig({}).mpesa).toMatchObject({
      env: 'simulator',
      baseUrl: null,
      shortcode: '174379',
      initiatorName: 'darasa-simulator',
    });
    expect(loadConfig({ MPESA_ENV: 'sandbox', ...real }).mpesa.initiatorName).toBe('darasa-api');
  });

  it('points sandbox and production at Safaricom', () => {
    expect(loadConfig({ MPESA_ENV: 'sandbox', ...real }).mpesa.baseUrl).toBe('https://sandbox.safaricom.co.ke');
    expect(loadConfig({ MPESA_ENV: 'production', ...real }).mpesa.baseUrl).toBe('https://api.safaricom.co.ke');
  });

  it('refuses to start sandbox or production without real credentials or over plain http', () => {
    expect(() => loadConfig({ MPESA_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ MPESA_ENV: 'sandbox', ...real, MPESA_PASSKEY: '' })).toThrow(/MPESA_PASSKEY/);
    // Payouts (B2C) are checked at start-up like STK push.
    for (const k of ['MPESA_B2C_SHORTCODE', 'MPESA_INITIATOR_NAME', 'MPESA_SECURITY_CREDENTIAL'])
      expect(() => loadConfig({ MPESA_ENV: 'production', ...real, [k]: '' })).toThrow(new RegExp(k));
    expect(() => loadConfig({ MPESA_B2C_SHORTCODE: '12' })).toThrow(/MPESA_B2C_SHORTCODE/);
    expect(() =>
      loadConfig({ MPESA_ENV: 'production', ...real, MPESA_CALLBACK_BASE_URL: 'http://darasa.example' }),
    ).toThrow(/https/);
    expect(() => loadConfig({ MPESA_CALLBACK_SECRET: 'short' })).toThrow(/MPESA_CALLBACK_SECRET/);
    expect(() => loadConfig({ MPESA_SHORTCODE: '12ab' })).toThrow(/MPESA_SHORTCODE/);
  });
});
