// Daraja's STK password rule: Password = base64(shortcode + passkey + timestamp), where the timestamp is
// YYYYMMDDHHmmss in Kenyan time and is sent again, unchanged, as `Timestamp`. Kenya is UTC+3 all year.
// Shared by our Daraja client (which makes passwords) and the M-Pesa simulator (which checks them).
const NAIROBI_OFFSET_MS = 3 * 3600_000;

export function darajaTimestamp(at: Date = new Date()): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** The instant a Daraja timestamp names, or null when it is not one. */
export function parseDarajaTimestamp(ts: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(ts);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - NAIROBI_OFFSET_MS;
  // Reject impossible dates (month 13, 31 February…), which Date.UTC would silently roll over.
  return darajaTimestamp(new Date(utc)) === ts ? new Date(utc) : null;
}

/** Shortcodes, passkeys and timestamps are ASCII, which is all btoa (browser and Node alike) takes. */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return btoa(`${shortcode}${passkey}${timestamp}`);
}
