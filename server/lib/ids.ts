import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A random, URL-safe id (16 chars of base62, ~95 bits); its shape is checked by `isId` in #common/ids.ts. */
export function newId(): string {
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 62];
  return out;
}
