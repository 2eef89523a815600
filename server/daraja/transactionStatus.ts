// Daraja's Transaction Status query: asks M-Pesa what became of a transaction, by receipt number or by our
// OriginatorConversationID (what a payout whose result never came has; for an STK payment without a
// receipt, its CheckoutRequestID: see docs/daraja-behaviours.md). Asynchronous like B2C: the answer
// arrives at ResultURL (parsed by b2cResult.ts).
import { z } from 'zod';
import { DarajaError } from './darajaError.ts';
import type { InitiatorSettings } from './b2c.ts';

export interface TransactionStatusRequest {
  Initiator: string;
  SecurityCredential: string;
  CommandID: 'TransactionStatusQuery';
  TransactionID: string;
  OriginalConversationID: string;
  PartyA: string;
  /** 4: an organisation shortcode. */
  IdentifierType: '4';
  ResultURL: string;
  QueueTimeOutURL: string;
  Remarks: string;
  Occasion: string;
}

export interface TransactionStatusInput {
  /** The M-Pesa receipt when known; otherwise the OriginatorConversationID of the request. */
  transactionId?: string;
  originatorConversationId: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  occasion: string;
  /** The shortcode the transaction went through; default: the B2C shortcode (payouts). */
  partyA?: string;
  remarks?: string;
}

export const transactionStatusResponseSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string(),
});
export type TransactionStatusResponse = z.infer<typeof transactionStatusResponseSchema>;

type Post = (path: string, payload: object) => Promise<unknown>;

export async function transactionStatus(
  post: Post,
  s: InitiatorSettings,
  input: TransactionStatusInput,
): Promise<TransactionStatusResponse> {
  if (!s.initiatorName || !s.securityCredential || !s.b2cShortcode) {
    throw new DarajaError(
      0,
      null,
      'Status queries need MPESA_B2C_SHORTCODE, MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL',
    );
  }
  const request: TransactionStatusRequest = {
    Initiator: s.initiatorName,
    SecurityCredential: s.securityCredential,
    CommandID: 'TransactionStatusQuery',
    TransactionID: input.transactionId ?? '',
    OriginalConversationID: input.originatorConversationId,
    PartyA: input.partyA ?? s.b2cShortcode,
    IdentifierType: '4',
    ResultURL: input.resultUrl,
    QueueTimeOutURL: input.queueTimeoutUrl,
    Remarks: (input.remarks ?? 'Payout status').slice(0, 100),
    Occasion: input.occasion.slice(0, 100),
  };
  const r = transactionStatusResponseSchema.safeParse(await post('/mpesa/transactionstatus/v1/query', request));
  if (!r.success) throw new DarajaError(502, null, 'Unexpected transaction status answer from M-Pesa');
  if (r.data.ResponseCode !== '0') throw new DarajaError(200, r.data.ResponseCode, r.data.ResponseDescription);
  return r.data;
}
