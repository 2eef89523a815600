import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret generated on first use and kept in DATA_DIR/<name> (mode 600), so that a demo needs no setup and
 * every process of the install (web processes, worker, restarts) reads the same one. `created` tells the
 * one process that wrote it.
 */
export function generatedSecret(dataDir: string, name: string): { value: string; created: boolean } {
  const file = path.join(dataDir, name);
  try {
    return { value: fs.readFileSync(file, 'utf8').trim(), created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // Hex, not base64: a secret is a path segment of the callback URLs Daraja registers, and Daraja refuses a
  // URL with "exe", "cmd" or "sql" in it, which about one base64 secret in 270 spells (server/daraja/c2b.ts).
  const value = randomBytes(32).toString('hex');
  try {
    // wx: of two processes starting together, one writes and both read the same secret.
    fs.writeFileSync(file, `${value}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return { value: fs.readFileSync(file, 'utf8').trim(), created: false };
    throw err;
  }
  return { value, created: true };
}
