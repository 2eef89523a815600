import { postJsonOnOwnConnection } from '#simulators/lib/postOnOwnConnection.ts';
import { badField, isHttpUrl, type DarajaFault } from './darajaFault.ts';

// The simulator's Paybill (C2B): URLs registered per shortcode, and a customer's payment that M-Pesa first
// offers to the validation URL, then (if accepted) announces to the confirmation URL.
export interface C2bRegistration {
  validationUrl: string;
  confirmationUrl: string;
  responseType: 'Completed' | 'Cancelled';
}

export interface PaybillInput {
  businessNumber: string;
  account: string;
  amount: number;
  phone: string;
}

export interface PaybillPayment {
  input: PaybillInput;
  transId: string;
  /** The validation answer's ResultCode ("0" accepted), or the registered default when unreachable. */
  validation: string;
  completed: boolean;
  /** The body sent to the confirmation URL (to replay it in tests). */
  confirmation: object | null;
  /** Given back to the customer by a reversal. */
  reversed: boolean;
}

/** Daraja refuses callback URLs containing these words (its Register URL documentation). */
const FORBIDDEN_URL_WORDS = /m-?pesa|safaricom|exe|exec|cmd|sql|query/i;

export function checkRegistration(body: Record<string, unknown>, shortcode: string): DarajaFault | null {
  if (String(body.ShortCode ?? '') !== shortcode) return badField('ShortCode');
  if (body.ResponseType !== 'Completed' && body.ResponseType !== 'Cancelled') return badField('ResponseType');
  for (const field of ['ConfirmationURL', 'ValidationURL'] as const) {
    const url = body[field];
    if (!isHttpUrl(url) || FORBIDDEN_URL_WORDS.test(String(url))) return badField(field);
  }
  return null;
}

/** Safaricom masks the payer's number in C2B notifications nowadays: "2547 ***** 126". */
export function maskedMsisdn(phone: string): string {
  return `${phone.slice(0, 4)} ***** ${phone.slice(-3)}`;
}

export function c2bNotice(input: PaybillInput, transId: string, time: string): object {
  return {
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: time,
    TransAmount: input.amount.toFixed(2),
    BusinessShortCode: input.businessNumber,
    BillRefNumber: input.account,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: maskedMsisdn(input.phone),
    FirstName: 'John',
    MiddleName: '',
    LastName: '',
  };
}

/** POSTs JSON and reads the JSON answer; null when nobody answered sensibly. */
export async function postForAnswer(url: string, body: object): Promise<Record<string, unknown> | null> {
  const res = await postJsonOnOwnConnection(url, body);
  if (res.status < 200 || res.status >= 300) return null;
  try {
    const answer: unknown = JSON.parse(res.text);
    return typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
