// Kenyan mobile numbers in the forms people type them (0712 345 678, 712345678, +254 712 345 678,
// 254712345678, and the newer 011…/1… ranges), turned into the 2547XXXXXXXX / 2541XXXXXXXX form Daraja
// expects. Used by the purchase form and the server alike.
const DARAJA_PHONE = /^254[17]\d{8}$/;

export function toDarajaPhone(input: string): string | null {
  const digits = input.trim().replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, '');
  const national = bare.startsWith('254') ? bare.slice(3) : bare.startsWith('0') ? bare.slice(1) : bare;
  const phone = `254${national}`;
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
