// The simulator's B2C payments (/mpesa/b2c/v3/paymentrequest) and Transaction Status queries
// (/mpesa/transactionstatus/v1/query), registered on the simulator's app. Outcomes are scripted by the
// receiving number (b2cOutcomes.ts). A repeated OriginatorConversationID is answered with the first
// request's ids and moves no money again: that is what makes a retried payout request safe.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { darajaTimestamp } from '#common/daraja/timestamp.ts';
import { B2C_NOT_FOUND, b2cScriptFor, type B2cScript } from './b2cOutcomes.ts';
import { badField as badRequest, type DarajaFault } from './darajaFault.ts';
import { postJsonOnOwnConnection } from '#simulators/lib/postOnOwnConnection.ts';

export interface SimPayout {
  originatorConversationId: string;
  conversationId: string;
  /** The B2C shortcode the money leaves from (the request's PartyA). */
  partyA: string;
  phone: string;
  amount: number;
  resultUrl: string;
  queueTimeoutUrl: string;
  script: B2cScript;
  /** pending until the scripted outcome happens. */
  state: 'pending' | 'completed' | 'failed' | 'timed_out';
  receipt: string | null;
  resultsSent: number;
  requests: number;
  completedAt: Date | null;
}

export interface B2cSimulator {
  payouts: Map<string, SimPayout>;
  /** The shortcode's float (KES); a payout larger than it fails with "insufficient". */
  float: { kes: number };
  /** The result body Daraja would send for a settled payout (to replay it in tests). */
  resultBody(p: SimPayout): object;
}

/** A customer's payment (STK push or Paybill) as Transaction Status reports it. */
export interface StatusSubject {
  receipt: string | null;
  amount: number;
  phone: string;
  state: 'pending' | 'completed' | 'failed';
  reason: string;
  /** DebitPartyName and CreditPartyName as Transaction Status writes them. */
  parties: [debit: string, credit: string];
  payout?: SimPayout;
}

export interface B2cSimContext {
  /** Customer payments made to the shortcode, found by receipt or CheckoutRequestID. */
  customerPayment(transactionId: string, originalConversationId: string): StatusSubject | undefined;
  delayMs: number;
  lateDelayMs: number;
  floatKes: number;
  later(ms: number, fn: () => void): void;
  isClosed(): boolean;
  fault(c: Context, f: DarajaFault): Response;
  receiptNumber(): string;
  rand(n: number): string;
}

const HISTORY = 20_000;
const MSISDN = /^254[17]\d{8}$/;

// biome-ignore lint/suspicious/noExplicitAny: the simulator's Hono app carries its own variables
export function registerB2c(app: Hono<any>, ctx: B2cSimContext): B2cSimulator {
  const payouts = new Map<string, SimPayout>();
  const float = { kes: ctx.floatKes };

  // Like Daraja: a result nobody received is not retried.
  const post = (url: string, body: object) => void postJsonOnOwnConnection(url, body);

  function resultBody(p: SimPayout): object {
    const ok = p.state === 'completed';
    return {
      Result: {
        ResultType: 0,
        ResultCode: ok ? 0 : p.script.resultCode,
        ResultDesc: p.script.resultDesc,
        OriginatorConversationID: p.originatorConversationId,
        ConversationID: p.conversationId,
        TransactionID: p.receipt ?? 'UNKNOWN',
        ...(ok
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'TransactionAmount', Value: p.amount },
                  { Key: 'TransactionReceipt', Value: p.receipt },
                  { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                  { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
                  { Key: 'ReceiverPartyPublicName', Value: `${p.phone} - Darasa Creator` },
                  { Key: 'TransactionCompletedDateTime', Value: completedTime(p.completedAt!) },
                  { Key: 'B2CUtilityAccountAvailableFunds', Value: float.kes },
                  { Key: 'B2CWorkingAccountAvailableFunds', Value: 0 },
                ],
              },
            }
          : {}),
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: p.queueTimeoutUrl } },
      },
    };
  }

  /** M-Pesa processes the payout: money moves (or not). Returns false when it timed out in the queue. */
  function complete(p: SimPayout): boolean {
    if (p.script.queueTimeout) {
      p.state = 'timed_out';
      void post(p.queueTimeoutUrl, {
        Result: {
          ResultType: 1,
          ResultCode: 1,
          ResultDesc: 'The request timed out while awaiting processing in the queue.',
          OriginatorConversationID: p.originatorConversationId,
          ConversationID: p.conversationId,
          TransactionID: 'UNKNOWN',
        },
      });
      return false;
    }
    if (p.script.resultCode === 0 && p.amount <= float.kes) {
      float.kes -= p.amount;
      p.state = 'completed';
      p.receipt = ctx.receiptNumber();
    } else {
      p.state = 'failed';
      if (p.script.resultCode === 0)
        p.script = { ...p.script, resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.' };
    }
    p.completedAt = new Date();
    return true;
  }

  /** Duplicates go out together, as a retrying gateway might send them. */
  function sendResults(p: SimPayout) {
    if (ctx.isClosed()) return;
    const body = resultBody(p);
    for (let i = 0; i < p.script.results; i++) {
      p.resultsSent++;
      void post(p.resultUrl, body);
    }
  }

  app.post('/mpesa/b2c/v3/paymentrequest', (c) => {
    const b = c.get('body') as Record<string, unknown>;
    if (!b.InitiatorName || !b.SecurityCredential) return ctx.fault(c, badRequest('Initiator'));
    if (b.CommandID !== 'BusinessPayment' && b.CommandID !== 'SalaryPayment' && b.CommandID !== 'PromotionPayment')
      return ctx.fault(c, badRequest('CommandID'));
    const amount = Number(b.Amount);
    if (!Number.isInteger(amount) || amount < 1) return ctx.fault(c, badRequest('Amount'));
    if (!/^\d{5,7}$/.test(String(b.PartyA ?? ''))) return ctx.fault(c, badRequest('PartyA'));
    const phone = String(b.PartyB ?? '');
    if (!MSISDN.test(phone)) return ctx.fault(c, badRequest('PartyB'));
    if (typeof b.ResultURL !== 'string' || !/^https?:\/\//.test(b.ResultURL))
      return ctx.fault(c, badRequest('ResultURL'));
    if (typeof b.QueueTimeOutURL !== 'string' || !/^https?:\/\//.test(b.QueueTimeOutURL))
      return ctx.fault(c, badRequest('QueueTimeOutURL'));
    const originator =
      typeof b.OriginatorConversationID === 'string' && b.OriginatorConversationID
        ? b.OriginatorConversationID
        : randomUUID();
    let p = payouts.get(originator);
    if (p) {
      p.requests++;
    } else {
      p = {
        originatorConversationId: originator,
        conversationId: `AG_${darajaTimestamp()}_${ctx.rand(20)}`,
        partyA: String(b.PartyA),
        phone,
        amount,
        resultUrl: b.ResultURL,
        queueTimeoutUrl: b.QueueTimeOutURL,
        script: b2cScriptFor(phone),
        state: 'pending',
        receipt: null,
        resultsSent: 0,
        requests: 1,
        completedAt: null,
      };
      payouts.set(originator, p);
      if (payouts.size > HISTORY) payouts.delete(payouts.keys().next().value!);
      const fresh = p;
      ctx.later(ctx.delayMs, () => {
        if (ctx.isClosed() || !complete(fresh)) return;
        // A "late" result: the money moved on time, the result comes long after.
        if (fresh.script.late) ctx.later(ctx.lateDelayMs, () => sendResults(fresh));
        else sendResults(fresh);
      });
    }
    return c.json({
      ConversationID: p.conversationId,
      OriginatorConversationID: p.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  });

  app.post('/mpesa/transactionstatus/v1/query', (c) => {
    const b = c.get('body') as Record<string, unknown>;
    if (!b.Initiator || !b.SecurityCredential) return ctx.fault(c, badRequest('Initiator'));
    if (b.CommandID !== 'TransactionStatusQuery') return ctx.fault(c, badRequest('CommandID'));
    if (typeof b.ResultURL !== 'string' || !/^https?:\/\//.test(b.ResultURL))
      return ctx.fault(c, badRequest('ResultURL'));
    // By receipt when one is given (a receipt M-Pesa does not know is "not found"), else by the request's id.
    const txId = String(b.TransactionID ?? '');
    const original = String(b.OriginalConversationID ?? '');
    const payout = txId ? [...payouts.values()].find((p) => p.receipt === txId) : payouts.get(original);
    const subject = payout ? payoutSubject(payout) : ctx.customerPayment(txId, original);
    const ids = { OriginatorConversationID: randomUUID(), ConversationID: `AG_${darajaTimestamp()}_${ctx.rand(20)}` };
    const resultUrl = b.ResultURL;
    ctx.later(ctx.delayMs, () => {
      if (ctx.isClosed()) return;
      void post(resultUrl, statusResult(subject, ids, String(b.Occasion ?? '')));
    });
    return c.json({ ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  });

  return { payouts, float, resultBody };
}

function payoutSubject(p: SimPayout): StatusSubject | undefined {
  if (p.state === 'timed_out') return undefined;
  return {
    receipt: p.receipt,
    amount: p.amount,
    phone: p.phone,
    state: p.state,
    reason: p.state === 'failed' ? p.script.resultDesc : '',
    // "code - name", as Daraja writes the organisation and the customer on either side.
    parties: [`${p.partyA} - Darasa`, `${p.phone} - Darasa Creator`],
    payout: p,
  };
}

function statusResult(
  p: StatusSubject | undefined,
  ids: { OriginatorConversationID: string; ConversationID: string },
  occasion: string,
): object {
  const base = { ResultType: 0, ...ids, ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: occasion } } };
  if (!p) {
    return { Result: { ...base, ResultCode: B2C_NOT_FOUND.resultCode, ResultDesc: B2C_NOT_FOUND.resultDesc } };
  }
  const [debit, credit] = p.parties;
  const status = p.state === 'completed' ? 'Completed' : p.state === 'failed' ? 'Failed' : 'Pending';
  return {
    Result: {
      ...base,
      ResultCode: 0,
      ResultDesc: 'The service request has been accepted successsfully.',
      TransactionID: p.receipt ?? '',
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: debit },
          { Key: 'CreditPartyName', Value: credit },
          ...(p.payout ? [{ Key: 'OriginatorConversationID', Value: p.payout.originatorConversationId }] : []),
          { Key: 'InitiatedTime', Value: Number(darajaTimestamp()) },
          { Key: 'DebitAccountType', Value: p.payout ? 'Utility Account' : 'MMF Account For Customer' },
          {
            Key: 'ReasonType',
            Value: p.payout ? 'Business Payment to Customer via API' : 'Pay Bill Online',
          },
          { Key: 'TransactionReason', Value: p.reason },
          { Key: 'TransactionStatus', Value: status },
          { Key: 'FinalisedTime', Value: Number(darajaTimestamp()) },
          { Key: 'Amount', Value: p.amount },
          ...(p.payout ? [{ Key: 'ConversationID', Value: p.payout.conversationId }] : []),
          { Key: 'ReceiptNo', Value: p.receipt ?? '' },
        ],
      },
    },
  };
}

/** "19.12.2019 11:45:50", as B2C results write TransactionCompletedDateTime (Nairobi time). */
function completedTime(d: Date): string {
  const t = new Date(d.getTime() + 3 * 3600_000).toISOString();
  return `${t.slice(8, 10)}.${t.slice(5, 7)}.${t.slice(0, 4)} ${t.slice(11, 19)}`;
}
