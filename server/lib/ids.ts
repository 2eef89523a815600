import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A random, URL-safe id (16 chars of base62, ~95 bits). */
export function newId(): string {
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 62];
  return out;
}

/** Ids arrive from URLs: anything not shaped like one of ours is rejected before touching the database. */
export const ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

export function isId(v: unknown): v is string {
  return typeof v === 'string' && ID_PATTERN.test(v);
}
