import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as load } from '#server/config/config.ts';

// Media on AWS beside the default simulators is a real site's setting: these settings are a demo on purpose
// (and their generated callback secrets go to a throw-away DATA_DIR).
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-s3-config-'));
const loadConfig = (env: Record<string, string>) => load({ DEMO_MODE: 'true', DATA_DIR, ...env });

describe('object storage settings', () => {
  it('keeps media on local disk without S3_BUCKET', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeNull();
  });

  it('talks to AWS with virtual-host style, to any other endpoint path-style unless told otherwise', () => {
    expect(loadConfig({ S3_BUCKET: 'media' }).s3).toEqual({
      bucket: 'media',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      prefix: '',
    });
    const r2 = { S3_BUCKET: 'media', S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com', S3_REGION: 'auto' };
    expect(loadConfig(r2).s3).toMatchObject({ region: 'auto', forcePathStyle: true });
    expect(loadConfig({ ...r2, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('ends a key prefix with a slash and refuses one that is not a plain path', () => {
    expect(loadConfig({ S3_BUCKET: 'media', S3_PREFIX: 'darasa/prod' }).s3?.prefix).toBe('darasa/prod/');
    expect(loadConfig({ S3_BUCKET: 'media', S3_PREFIX: 'darasa/' }).s3?.prefix).toBe('darasa/');
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_PREFIX: '/abs' })).toThrow(/S3_PREFIX/);
  });

  it('wants both halves of a key pair, or neither', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(ConfigError);
    expect(loadConfig({ S3_BUCKET: 'm', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).s3?.credentials).toEqual({
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
