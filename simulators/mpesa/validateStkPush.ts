import { parseDarajaTimestamp, stkPassword } from '#common/daraja/timestamp.ts';
import type { SimulatorCredentials } from './simulatorTypes.ts';
import { badField as bad, isHttpUrl, type DarajaFault } from './darajaFault.ts';

// Checks an STK push (or query) body the way Daraja does, answering Daraja's error for the first problem.
const PHONE = /^254[17]\d{8}$/;
// M-Pesa's per-transaction ceiling.
const MAX_AMOUNT = 250_000;

type Body = Record<string, unknown>;

/**
 * Daraja documents only the Timestamp's format (YYYYMMDDHHmmss) and that the password is built from it;
 * clients sending UTC or a skewed clock work, so no distance from Nairobi time is enforced.
 */
export function checkCredentials(body: Body, creds: SimulatorCredentials): DarajaFault | null {
  if (String(body.BusinessShortCode ?? '') !== creds.shortcode) return bad('BusinessShortCode');
  const ts = typeof body.Timestamp === 'string' ? body.Timestamp : '';
  if (!parseDarajaTimestamp(ts)) return bad('Timestamp');
  // Daraja answers a wrong password with this (confusingly shared) code.
  if (body.Password !== stkPassword(creds.shortcode, creds.passkey, ts)) {
    return { status: 500, errorCode: '500.001.1001', errorMessage: 'Wrong credentials' };
  }
  return null;
}

export function validateStkPush(body: Body, creds: SimulatorCredentials): DarajaFault | null {
  const cred = checkCredentials(body, creds);
  if (cred) return cred;
  if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline') {
    return bad('TransactionType');
  }
  const amount = Number(body.Amount);
  if (typeof body.Amount === 'boolean' || !Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT)
    return bad('Amount');
  if (!PHONE.test(String(body.PartyA ?? ''))) return bad('PartyA');
  if (!/^\d{5,7}$/.test(String(body.PartyB ?? ''))) return bad('PartyB');
  if (!PHONE.test(String(body.PhoneNumber ?? ''))) return bad('PhoneNumber');
  if (!isHttpUrl(body.CallBackURL)) return bad('CallBackURL');
  if (!isText(body.AccountReference, 12)) return bad('AccountReference');
  if (!isText(body.TransactionDesc, 13)) return bad('TransactionDesc');
  return null;
}

function isText(v: unknown, max: number): boolean {
  return typeof v === 'string' && v.trim().length > 0 && v.length <= max;
}
