// The simulator's reversal (/mpesa/reversal/v1/request), registered on the simulator's app. The request's
// shape is checked at once (validateReversal.ts); everything about the transaction itself is decided later
// and told to ResultURL (or QueueTimeOutURL when the request expires in M-Pesa's queue).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { darajaTimestamp } from '#common/daraja/timestamp.ts';
import { postJsonOnOwnConnection } from '#simulators/lib/postOnOwnConnection.ts';
import { SUCCESS_DESC } from './outcomes.ts';
import type { SimContext, SimEnv } from './simContext.ts';
import type { SimReversal } from './simulatorTypes.ts';
import { rand, receiptNumber } from './simIds.ts';
import { validateReversal } from './validateReversal.ts';

interface ConversationIds {
  OriginatorConversationID: string;
  ConversationID: string;
}

export function registerReversal(app: Hono<SimEnv>, ctx: SimContext): void {
  const { opts, transactions, paybillPayments, reversals } = ctx;

  app.post('/mpesa/reversal/v1/request', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = validateReversal(body);
    if (problem) return ctx.fault(c, problem);
    const ids = { OriginatorConversationID: randomUUID(), ConversationID: `AG_${darajaTimestamp()}_${rand(16)}` };
    const timedOut = opts.reversalQueueTimeout === true;
    // Transaction Status knows a reversal M-Pesa took on (by this OriginatorConversationID) once it is
    // processed, completed or failed; one that timed out in the queue was never processed.
    const record: SimReversal = { amount: Number(body.Amount), phone: '', receipt: null, state: 'pending', reason: '' };
    if (!timedOut) reversals.set(ids.OriginatorConversationID, record);
    ctx.later(ctx.delayMs, () => {
      const result = timedOut ? reversalTimeout(ids) : reverse(body, ids, record);
      // Like Daraja: a result nobody received is not retried.
      void postJsonOnOwnConnection(String(timedOut ? body.QueueTimeOutURL : body.ResultURL), result);
    });
    return c.json({ ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  });

  /** The customer payment a reversal names by its receipt: an STK push or a Paybill payment. */
  function original(
    receipt: unknown,
  ): { amount: number; phone: string; receipt: string; target: { reversed: boolean } } | null {
    const tx = [...transactions.values()].find((t) => t.receipt !== null && t.receipt === receipt);
    if (tx) return { amount: tx.amount, phone: tx.phone, receipt: tx.receipt!, target: tx };
    const paid = paybillPayments.find((p) => p.completed && p.transId === receipt);
    return paid ? { amount: paid.input.amount, phone: paid.input.phone, receipt: paid.transId, target: paid } : null;
  }

  function reverse(body: Record<string, unknown>, ids: ConversationIds, record: SimReversal): object {
    const tx = original(body.TransactionID);
    const refused = (code: string | number, desc: string) => {
      Object.assign(record, { state: 'failed', reason: desc, phone: tx?.phone ?? '' });
      return reversalResult(ids, code, desc, body);
    };
    if (!tx) return refused('R000002', 'The OriginalTransactionID is invalid.');
    if (tx.target.reversed) return refused('R000001', 'The transaction has already been reversed.');
    if (Number(body.Amount) !== tx.amount) return refused(2, 'The amount does not match the original transaction.');
    tx.target.reversed = true;
    const receipt = receiptNumber();
    Object.assign(record, { state: 'completed', phone: tx.phone, receipt });
    return reversalResult(ids, 0, SUCCESS_DESC, body, {
      TransactionID: receipt,
      ResultParameters: {
        ResultParameter: [
          { Key: 'Amount', Value: tx.amount },
          { Key: 'OriginalTransactionID', Value: tx.receipt },
          { Key: 'TransCompletedTime', Value: Number(darajaTimestamp()) },
          { Key: 'Charge', Value: 0 },
          { Key: 'CreditPartyPublicName', Value: `${tx.phone} - Customer` },
          { Key: 'DebitPartyPublicName', Value: `${opts.shortcode} - Darasa` },
        ],
      },
    });
  }
}

function reversalResult(
  ids: ConversationIds,
  code: string | number,
  desc: string,
  body: Record<string, unknown>,
  extra: object = {},
): object {
  return {
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: desc,
      ...ids,
      TransactionID: String(body.TransactionID),
      ...extra,
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: String(body.QueueTimeOutURL) } },
    },
  };
}

// The time-out notice's body is not documented; this mirrors the result shape with a time-out code.
function reversalTimeout(ids: ConversationIds): object {
  return {
    Result: { ResultType: 1, ResultCode: 'SVC0403', ResultDesc: 'The request timed out in the queue.', ...ids },
  };
}
