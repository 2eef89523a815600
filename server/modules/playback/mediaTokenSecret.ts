// The key that signs playback tokens: MEDIA_TOKEN_SECRET when configured, else one generated on first
// start and kept in DATA_DIR, so every process sharing the data (and restarts) accepts the same tokens.
import type { Config } from '#server/config/config.ts';
import { generatedSecret } from '#server/config/generatedSecret.ts';

export function loadMediaTokenSecret(config: Pick<Config, 'MEDIA_TOKEN_SECRET' | 'dataDir'>): Buffer {
  return Buffer.from(config.MEDIA_TOKEN_SECRET ?? generatedSecret(config.dataDir, 'media-token.secret').value);
}
