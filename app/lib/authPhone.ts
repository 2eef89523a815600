export const PHONE_PREFIX = '+254 ';

/**
 * What the phone field shows for whatever was typed or pasted: "+254 " and at most 9 digits, other
 * characters stripped. A pasted "+254712…", "254712…" or "0712…" keeps only the subscriber digits.
 */
export function formatPhoneInput(raw: string): string {
  // Backspacing into the prefix leaves it whole.
  if (PHONE_PREFIX.startsWith(raw)) return PHONE_PREFIX;
  // The prefix may end up anywhere (typing before it, pasting a whole number after it): drop it.
  let digits = raw.replace(/\+\s*254/g, '').replace(/\D/g, '');
  if (digits.length > 9 && digits.startsWith('254')) digits = digits.slice(3);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return PHONE_PREFIX + digits.slice(0, 9);
}
