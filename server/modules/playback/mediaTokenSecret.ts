// The key that signs playback tokens: MEDIA_TOKEN_SECRET when configured, else one generated on first
// start and kept in DATA_DIR, so every process sharing the data (and restarts) accepts the same tokens.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config/config.ts';

const FILE = 'media-token.secret';

export function loadMediaTokenSecret(config: Pick<Config, 'MEDIA_TOKEN_SECRET' | 'dataDir'>): Buffer {
  if (config.MEDIA_TOKEN_SECRET) return Buffer.from(config.MEDIA_TOKEN_SECRET);
  const file = path.join(config.dataDir, FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes and both read the same key.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim());
}
