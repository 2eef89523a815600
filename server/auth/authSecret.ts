import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config/config.ts';
import type { Logger } from '#server/logging/logger.ts';

/**
 * The key that signs session cookies: AUTH_SECRET, or one generated on first start and kept in DATA_DIR
 * (mode 600) so that a demo needs no setup and sessions survive restarts. Several machines sharing one
 * PostgreSQL database must share the key, so they need AUTH_SECRET.
 */
export function resolveAuthSecret(config: Config, log: Logger): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // wx: two processes starting together must not overwrite each other's key.
    fs.writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
  if (config.DATABASE_URL)
    log.warn({ file }, 'AUTH_SECRET is not set: generated one in DATA_DIR; set AUTH_SECRET on every app server');
  else log.info({ file }, 'generated the session signing key');
  return secret;
}
