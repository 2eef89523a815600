import { createHash, randomBytes } from 'node:crypto';

/** A claim link's secret: 32 random bytes, base64url. Only its sha-256 is stored (`gift.tokenHash`). */
export function newGiftToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashGiftToken(token) };
}

export function hashGiftToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a claim link's token looks like; anything else is not looked up. */
export const GIFT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** "+254 7•• ••• 678": enough for the buyer to recognise the number, not to read it off a shared screen. */
export function maskPhone(phone: string): string {
  const d = phone.replace(/^\+/, '');
  return `+254 ${d.slice(3, 4)}•• ••• ${d.slice(-3)}`;
}
