import { z } from 'zod';

// Customer-to-business (Paybill) notifications Daraja POSTs to the validation and confirmation URLs
// registered with /mpesa/c2b/v1/registerurl. Amounts come as text ("1500" or "1500.00"); MSISDN comes
// masked ("2547 ***** 126") or hashed nowadays, so it identifies nobody and is never compared.
export const c2bNotificationSchema = z.object({
  TransactionType: z.string().max(40).optional(),
  TransID: z.string().regex(/^[A-Z0-9]{8,12}$/),
  TransTime: z.string().max(20).optional(),
  TransAmount: z.union([z.string(), z.number()]).transform((v) => Number(v)),
  BusinessShortCode: z.union([z.string(), z.number()]).transform(String),
  BillRefNumber: z.string().max(40).default(''),
  MSISDN: z.union([z.string(), z.number()]).transform(String).optional(),
  FirstName: z.string().max(100).optional(),
});
export type C2bNotification = z.infer<typeof c2bNotificationSchema>;

/** Validation answers as documented: "0" accepts, a C2B000xx code refuses (and M-Pesa cancels the payment). */
export const C2B_ACCEPT = { ResultCode: '0', ResultDesc: 'Accepted' } as const;
export const C2B_REFUSE = {
  invalidAccount: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' },
  invalidAmount: { ResultCode: 'C2B00013', ResultDesc: 'Rejected' },
  invalidShortcode: { ResultCode: 'C2B00015', ResultDesc: 'Rejected' },
  other: { ResultCode: 'C2B00016', ResultDesc: 'Rejected' },
} as const;
export type C2bAnswer = typeof C2B_ACCEPT | (typeof C2B_REFUSE)[keyof typeof C2B_REFUSE];

/**
 * Words Daraja's /registerurl refuses anywhere in a validation or confirmation URL (its documented rule:
 * no "M-Pesa", "Safaricom", "exe", "exec", "cmd", "SQL" or "query"). Our URLs carry a secret path segment,
 * so the secret must not spell one of them either.
 */
export const C2B_FORBIDDEN_URL_WORDS = /m-?pesa|safaricom|exe|exec|cmd|sql|query/i;
