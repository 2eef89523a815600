import path from 'node:path';
import type { Config } from '#server/config/config.ts';
import { generatedSecret } from '#server/config/generatedSecret.ts';
import type { Logger } from '#server/logging/logger.ts';

/**
 * The key that signs session cookies: AUTH_SECRET, or one generated on first start and kept in DATA_DIR
 * so that a demo needs no setup and sessions survive restarts. Several machines sharing one PostgreSQL
 * database must share the key, so they need AUTH_SECRET.
 */
export function resolveAuthSecret(config: Config, log: Logger): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const { value, created } = generatedSecret(config.dataDir, 'auth-secret');
  if (!created) return value;
  const file = path.join(config.dataDir, 'auth-secret');
  if (config.DATABASE_URL)
    log.warn({ file }, 'AUTH_SECRET is not set: generated one in DATA_DIR; set AUTH_SECRET on every app server');
  else log.info({ file }, 'generated the session signing key');
  return value;
}
