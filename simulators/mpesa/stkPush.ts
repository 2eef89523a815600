// The simulator's STK push (/mpesa/stkpush/v1/processrequest) and STK query (/mpesa/stkpushquery/v1/query),
// registered on the simulator's app. A prompt is settled by the outcome scripted for its phone number
// (outcomes.ts), or in manual mode by a person on /__mpesa; settling sends Daraja's callback.
import type { Hono } from 'hono';
import { darajaTimestamp } from '#common/daraja/timestamp.ts';
import { postJsonOnOwnConnection } from '#simulators/lib/postOnOwnConnection.ts';
import { MANUAL_ACTIONS, SCRIPTED, type ScriptedOutcome } from './outcomes.ts';
import { HISTORY, type SimContext, type SimEnv } from './simContext.ts';
import { rand, receiptNumber } from './simIds.ts';
import type { SimTransaction } from './simulatorTypes.ts';
import { checkCredentials, validateStkPush } from './validateStkPush.ts';

export interface StkPush {
  /** The callback body Daraja would send for a settled transaction. */
  callbackBody(tx: SimTransaction): object;
  /** Gives an open prompt its outcome and sends the callbacks; a settled prompt is left as it is. */
  settle(tx: SimTransaction, outcome: ScriptedOutcome): void;
}

export function registerStkPush(app: Hono<SimEnv>, ctx: SimContext): StkPush {
  const { opts, transactions } = ctx;

  function callbackBody(tx: SimTransaction): object {
    const r = tx.result!;
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: tx.merchantRequestId,
          CheckoutRequestID: tx.checkoutRequestId,
          ResultCode: r.resultCode,
          ResultDesc: r.resultDesc,
          ...(r.resultCode === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: tx.amount },
                    { Name: 'MpesaReceiptNumber', Value: tx.receipt },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: Number(darajaTimestamp()) },
                    { Name: 'PhoneNumber', Value: Number(tx.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    };
  }

  function settle(tx: SimTransaction, outcome: ScriptedOutcome): void {
    if (tx.result || ctx.isClosed()) return;
    tx.result = outcome;
    if (outcome.resultCode === 0) tx.receipt = receiptNumber();
    const body = callbackBody(tx);
    // Duplicates go out together, as a retrying gateway might send them.
    for (let i = 0; i < outcome.callbacks; i++) {
      tx.callbacksSent++;
      const t0 = performance.now();
      const answered = (status: number) => opts.onCallback?.(tx, { status, ms: performance.now() - t0 });
      // Like Daraja: a callback nobody received (status 0) is not retried.
      void postJsonOnOwnConnection(tx.callbackUrl, body).then((res) => answered(res.status));
    }
  }

  app.post('/mpesa/stkpush/v1/processrequest', async (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = validateStkPush(body, opts);
    if (problem) return ctx.fault(c, problem);
    const phone = String(body.PhoneNumber);
    const tx: SimTransaction = {
      merchantRequestId: `${rand(5)}-${rand(8)}-1`,
      checkoutRequestId: `ws_CO_${darajaTimestamp()}${rand(12)}`,
      phone,
      amount: Number(body.Amount),
      accountReference: String(body.AccountReference),
      callbackUrl: String(body.CallBackURL),
      createdAt: new Date(),
      result: null,
      receipt: null,
      manual: false,
      reversed: false,
      callbacksSent: 0,
    };
    transactions.set(tx.checkoutRequestId, tx);
    // A demo server runs for days: forget the oldest transactions (Map keeps insertion order).
    if (transactions.size > HISTORY) transactions.delete(transactions.keys().next().value!);
    const scripted = SCRIPTED[phone] ?? (opts.mode === 'auto' ? MANUAL_ACTIONS.approve : undefined);
    if (scripted) {
      ctx.later(scripted.late ? ctx.lateDelayMs : ctx.delayMs, () => settle(tx, scripted));
    } else {
      tx.manual = true;
      ctx.later(ctx.promptTimeoutMs, () => settle(tx, MANUAL_ACTIONS.timeout!));
    }
    if (opts.pushAnswerDelayMs) await new Promise((r) => setTimeout(r, opts.pushAnswerDelayMs));
    return c.json({
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  });

  app.post('/mpesa/stkpushquery/v1/query', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = checkCredentials(body, opts);
    if (problem) return ctx.fault(c, problem);
    const tx = transactions.get(String(body.CheckoutRequestID ?? ''));
    if (!tx)
      return ctx.fault(c, {
        status: 400,
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid CheckoutRequestID',
      });
    if (!tx.result)
      return ctx.fault(c, {
        status: 500,
        errorCode: '500.001.1001',
        errorMessage: 'The transaction is being processed',
      });
    return c.json({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResultCode: String(tx.result.resultCode),
      ResultDesc: tx.result.resultDesc,
    });
  });

  return { callbackBody, settle };
}
