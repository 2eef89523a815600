// Kenyan mobile numbers in the forms people type them (0712 345 678, 712345678, +254 712 345 678,
// 254712345678, and the newer 011…/1… ranges), turned into the 2547XXXXXXXX / 2541XXXXXXXX form Daraja
// expects. Used by the purchase form and the server alike.
const DARAJA_PHONE = /^254[17]\d{8}$/;

/**
 * The subscriber digits (what follows +254) of a Kenyan number in any form people write or paste it:
 * "0722 000 111", "+254 722 000 111", "254722000111", "00254722000111", "722000111", "+254 0722…".
 * Anything that is not a digit is dropped; a partly typed number gives its digits so far.
 */
export function kenyanSubscriberDigits(input: string): string {
  let digits = input.replace(/\+\s*254/g, '').replace(/\D/g, '');
  if (/^00254\d/.test(digits)) digits = digits.slice(5);
  // "254" is only a country code once more than the 9 subscriber digits are there.
  else if (digits.length > 9 && digits.startsWith('254')) digits = digits.slice(3);
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

export function toDarajaPhone(input: string): string | null {
  const digits = input.trim().replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  // "2540…" is a machine-written number with the trunk 0 left in: malformed, as Daraja would find it.
  // (People's "+254 0…" is taken: the plus shows a person wrote the country code before their own number.)
  if (digits.startsWith('2540')) return null;
  const phone = `254${kenyanSubscriberDigits(digits)}`;
  return DARAJA_PHONE.test(phone) ? phone : null;
}

export function isDarajaPhone(v: string): boolean {
  return DARAJA_PHONE.test(v);
}

/** "+254 712 345 678", for people to read. */
export function displayPhone(phone: string): string {
  const d = phone.replace(/^\+/, '');
  return DARAJA_PHONE.test(d) ? `+254 ${d.slice(3, 6)} ${d.slice(6, 9)} ${d.slice(9)}` : phone;
}

/** "0712 345 678", as Kenyans write their own number. */
export function localPhone(phone: string): string {
  const d = phone.replace(/^\+/, '');
  return DARAJA_PHONE.test(d) ? `0${d.slice(3, 6)} ${d.slice(6, 9)} ${d.slice(9)}` : phone;
}
