import { z } from 'zod';
import { resultCodeSchema } from './resultCodes.ts';

// Request and response shapes of the Daraja endpoints we use, as Safaricom documents them. Responses are
// validated: a provider answering something unexpected is an error we can name, not a crash.

export interface StkPushRequest {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  TransactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  Amount: number;
  PartyA: string;
  PartyB: string;
  PhoneNumber: string;
  CallBackURL: string;
  AccountReference: string;
  TransactionDesc: string;
}

export interface StkQueryRequest {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  CheckoutRequestID: string;
}

export interface ReversalRequest {
  Initiator: string;
  SecurityCredential: string;
  CommandID: 'TransactionReversal';
  TransactionID: string;
  Amount: number;
  ReceiverParty: string;
  RecieverIdentifierType: '11';
  ResultURL: string;
  QueueTimeOutURL: string;
  Remarks: string;
  Occasion: string;
}

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
});

export const stkPushResponseSchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string(),
  CustomerMessage: z.string().optional(),
});
export type StkPushResponse = z.infer<typeof stkPushResponseSchema>;

export const stkQueryResponseSchema = z.object({
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string(),
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResultCode: resultCodeSchema,
  ResultDesc: z.string(),
});

export const reversalResponseSchema = z.object({
  OriginatorConversationID: z.string(),
  ConversationID: z.string(),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string(),
});
export type ReversalResponse = z.infer<typeof reversalResponseSchema>;

export const c2bRegisterResponseSchema = z.object({
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string(),
});

/** Daraja's error body (4xx/5xx). */
export const darajaErrorSchema = z.object({
  requestId: z.string().optional(),
  errorCode: z.string(),
  errorMessage: z.string(),
});

/**
 * Token refusals: "Invalid Access Token" (answered with HTTP 404 as well as 401 in public reports) and the
 * 401 variants Daraja gives for a missing or malformed bearer header.
 */
export const TOKEN_ERROR_CODES: ReadonlySet<string> = new Set(['404.001.03', '401.003.01', '404.001.04', '401.002.01']);

/** STK query while the customer has not answered yet: HTTP 500 with this code. */
export const STILL_PROCESSING = '500.001.1001';

/** Daraja's field limits for STK push. */
export const LIMITS = { accountReference: 12, transactionDesc: 13 } as const;
