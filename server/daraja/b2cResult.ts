// The asynchronous answers Daraja POSTs to a ResultURL: a B2C payment's result, and a Transaction Status
// query's result. Both are { Result: { ResultCode, ResultDesc, OriginatorConversationID, ConversationID,
// TransactionID, ResultParameters: { ResultParameter: [{ Key, Value }] } } }; ResultParameter is a single
// object instead of a list when there is one. Unsigned, like every Daraja callback.
import { z } from 'zod';

const param = z.object({ Key: z.string().max(100), Value: z.union([z.string(), z.number()]).optional() });

const resultSchema = z.object({
  Result: z.object({
    ResultType: z.coerce.number().int().optional(),
    ResultCode: z.coerce.number().int(),
    ResultDesc: z.string().max(1000).default(''),
    OriginatorConversationID: z.string().max(100).optional(),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z.object({ ResultParameter: z.union([param, z.array(param).max(50)]) }).optional(),
    ReferenceData: z.unknown().optional(),
  }),
});

export interface DarajaResult {
  resultCode: number;
  resultDesc: string;
  originatorConversationId: string | null;
  conversationId: string | null;
  transactionId: string | null;
  params: Record<string, string | number>;
}

export function parseDarajaResult(body: unknown): DarajaResult | null {
  const r = resultSchema.safeParse(body);
  if (!r.success) return null;
  const res = r.data.Result;
  const list = res.ResultParameters?.ResultParameter;
  const params: Record<string, string | number> = {};
  for (const p of Array.isArray(list) ? list : list ? [list] : []) if (p.Value !== undefined) params[p.Key] = p.Value;
  return {
    resultCode: res.ResultCode,
    resultDesc: res.ResultDesc,
    originatorConversationId: res.OriginatorConversationID ?? null,
    conversationId: res.ConversationID ?? null,
    transactionId: res.TransactionID ?? null,
    params,
  };
}
