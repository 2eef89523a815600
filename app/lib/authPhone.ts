import { kenyanSubscriberDigits } from '#common/phone.ts';

export const PHONE_PREFIX = '+254 ';

/**
 * What the phone field shows for whatever was typed or pasted: "+254 " and at most 9 digits, other
 * characters stripped. A pasted "+254712…", "254712…" or "0712…" keeps only the subscriber digits.
 */
export function formatPhoneInput(raw: string): string {
  // Backspacing into the prefix leaves it whole.
  if (PHONE_PREFIX.startsWith(raw)) return PHONE_PREFIX;
  return PHONE_PREFIX + kenyanSubscriberDigits(raw).slice(0, 9);
}

/**
 * The field's value after pasting `text`, when the text is a whole number (9 subscriber digits in any
 * Kenyan form): it replaces what was there, instead of being cut or mixed with the digits already typed.
 * Null for anything shorter, which the browser inserts as usual.
 */
export function pastedPhone(text: string): string | null {
  const digits = kenyanSubscriberDigits(text);
  return digits.length >= 9 ? PHONE_PREFIX + digits.slice(0, 9) : null;
}
