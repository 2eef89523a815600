// Daraja's B2C payment (v3): money from the B2C shortcode to a customer's M-Pesa. The request is only
// accepted here; the outcome arrives later at ResultURL (or a time-out notice at QueueTimeOutURL), parsed
// by b2cResult.ts. OriginatorConversationID is ours and is the transfer's idempotency key.
import { z } from 'zod';
import { isDarajaPhone } from '#common/phone.ts';
import { DarajaError } from './darajaError.ts';

export interface B2cRequest {
  OriginatorConversationID: string;
  InitiatorName: string;
  SecurityCredential: string;
  CommandID: 'BusinessPayment';
  Amount: number;
  PartyA: string;
  PartyB: string;
  Remarks: string;
  QueueTimeOutURL: string;
  ResultURL: string;
  Occasion: string;
}

export interface B2cInput {
  originatorConversationId: string;
  amount: number;
  phone: string;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeoutUrl: string;
}

export const b2cResponseSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string(),
});
export type B2cResponse = z.infer<typeof b2cResponseSchema>;

export interface InitiatorSettings {
  initiatorName: string | null;
  securityCredential: string | null;
  /** The B2C (bulk disbursement) shortcode money leaves from. */
  b2cShortcode?: string | undefined;
}

type Post = (path: string, payload: object) => Promise<unknown>;

export async function b2cPayment(post: Post, s: InitiatorSettings, input: B2cInput): Promise<B2cResponse> {
  if (!s.initiatorName || !s.securityCredential || !s.b2cShortcode) {
    throw new DarajaError(
      0,
      null,
      'Payouts need MPESA_B2C_SHORTCODE, MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL',
    );
  }
  if (!Number.isInteger(input.amount) || input.amount < 1)
    throw new DarajaError(0, null, 'Amount must be whole shillings');
  if (!isDarajaPhone(input.phone)) throw new DarajaError(0, null, 'Phone must be 2547XXXXXXXX or 2541XXXXXXXX');
  const request: B2cRequest = {
    OriginatorConversationID: input.originatorConversationId,
    InitiatorName: s.initiatorName,
    SecurityCredential: s.securityCredential,
    CommandID: 'BusinessPayment',
    Amount: input.amount,
    PartyA: s.b2cShortcode,
    PartyB: input.phone,
    Remarks: input.remarks.slice(0, 100),
    QueueTimeOutURL: input.queueTimeoutUrl,
    ResultURL: input.resultUrl,
    Occasion: input.occasion.slice(0, 100),
  };
  const r = b2cResponseSchema.safeParse(await post('/mpesa/b2c/v3/paymentrequest', request));
  if (!r.success) throw new DarajaError(502, null, 'Unexpected B2C answer from M-Pesa');
  if (r.data.ResponseCode !== '0') throw new DarajaError(200, r.data.ResponseCode, r.data.ResponseDescription);
  return r.data;
}
