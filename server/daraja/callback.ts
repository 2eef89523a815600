import { z } from 'zod';
import { resultCodeSchema, type DarajaResultCode } from './resultCodes.ts';

// The STK callback Daraja POSTs to CallBackURL. It is not signed, so it is only a trigger: the payment
// module checks it against the pending payment and confirms it with an STK query.
const item = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });

export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1).max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: resultCodeSchema,
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.object({ Item: z.array(item).max(20) }).optional(),
    }),
  }),
});

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: DarajaResultCode;
  resultDesc: string;
  /** Only on success. */
  amount: number | null;
  receipt: string | null;
  phone: string | null;
  transactionDate: string | null;
}

/** Parses a callback body; null when it is not one. Metadata is read by item Name, never by position. */
export function parseStkCallback(body: unknown): StkCallback | null {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) return null;
  const cb = parsed.data.Body.stkCallback;
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value]));
  const text = (name: string) => {
    const v = items.get(name);
    return v === undefined ? null : String(v);
  };
  const amount = text('Amount');
  return {
    merchantRequestId: cb.MerchantRequestID,
    checkoutRequestId: cb.CheckoutRequestID,
    resultCode: cb.ResultCode,
    resultDesc: cb.ResultDesc,
    amount: amount === null || !Number.isFinite(Number(amount)) ? null : Number(amount),
    receipt: text('MpesaReceiptNumber'),
    phone: text('PhoneNumber'),
    transactionDate: text('TransactionDate'),
  };
}
