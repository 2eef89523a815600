import { parseDarajaTimestamp, stkPassword } from '../daraja/timestamp.ts';
import type { SimulatorCredentials } from './simulatorTypes.ts';

// Checks an STK push (or query) body the way Daraja does, answering Daraja's error for the first problem.
export interface DarajaFault {
  status: number;
  errorCode: string;
  errorMessage: string;
}

const bad = (field: string): DarajaFault => ({
  status: 400,
  errorCode: '400.002.02',
  errorMessage: `Bad Request - Invalid ${field}`,
});

const PHONE = /^254[17]\d{8}$/;
// M-Pesa's per-transaction ceiling.
const MAX_AMOUNT = 250_000;
// Daraja accepts a timestamp that is not too far from its clock.
const TIMESTAMP_SKEW_MS = 60 * 60_000;

type Body = Record<string, unknown>;

export function checkCredentials(body: Body, creds: SimulatorCredentials, now: Date): DarajaFault | null {
  if (String(body.BusinessShortCode ?? '') !== creds.shortcode) return bad('BusinessShortCode');
  const ts = typeof body.Timestamp === 'string' ? body.Timestamp : '';
  const at = parseDarajaTimestamp(ts);
  if (!at || Math.abs(at.getTime() - now.getTime()) > TIMESTAMP_SKEW_MS) return bad('Timestamp');
  // Daraja answers a wrong password with this (confusingly shared) code.
  if (body.Password !== stkPassword(creds.shortcode, creds.passkey, ts)) {
    return { status: 500, errorCode: '500.001.1001', errorMessage: 'Wrong credentials' };
  }
  return null;
}

export function validateStkPush(body: Body, creds: SimulatorCredentials, now: Date): DarajaFault | null {
  const cred = checkCredentials(body, creds, now);
  if (cred) return cred;
  if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline') {
    return bad('TransactionType');
  }
  const amount = Number(body.Amount);
  if (typeof body.Amount === 'boolean' || !Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT) return bad('Amount');
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

function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
