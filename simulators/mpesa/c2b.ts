// The simulator's Paybill (C2B) API: URL registration (/mpesa/c2b/v1/registerurl) and Daraja's sandbox
// simulate (/mpesa/c2b/v1/simulate), registered on the simulator's app, and payBill, a customer's payment
// that goes to the registered validation, then confirmation URL (paybill.ts).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { darajaTimestamp } from '#common/daraja/timestamp.ts';
import { badField } from './darajaFault.ts';
import {
  c2bNotice,
  checkRegistration,
  postForAnswer,
  type C2bRegistration,
  type PaybillInput,
  type PaybillPayment,
} from './paybill.ts';
import { HISTORY, type SimContext, type SimEnv } from './simContext.ts';
import { receiptNumber } from './simIds.ts';

export type PayBill = (input: PaybillInput) => Promise<PaybillPayment>;

export function registerC2b(app: Hono<SimEnv>, ctx: SimContext): PayBill {
  const { opts, paybillPayments } = ctx;
  const c2bUrls = new Map<string, C2bRegistration>();

  app.post('/mpesa/c2b/v1/registerurl', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = checkRegistration(body, opts.shortcode);
    if (problem) return ctx.fault(c, problem);
    c2bUrls.set(opts.shortcode, {
      validationUrl: String(body.ValidationURL),
      confirmationUrl: String(body.ConfirmationURL),
      responseType: body.ResponseType as C2bRegistration['responseType'],
    });
    return c.json({ OriginatorCoversationID: randomUUID(), ResponseCode: '0', ResponseDescription: 'Success' });
  });

  app.post('/mpesa/c2b/v1/simulate', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    if (String(body.ShortCode ?? '') !== opts.shortcode) return ctx.fault(c, badField('ShortCode'));
    if (body.CommandID !== 'CustomerPayBillOnline' && body.CommandID !== 'CustomerBuyGoodsOnline')
      return ctx.fault(c, badField('CommandID'));
    const amount = Number(body.Amount);
    if (!Number.isInteger(amount) || amount < 1) return ctx.fault(c, badField('Amount'));
    if (!/^254[17]\d{8}$/.test(String(body.Msisdn ?? ''))) return ctx.fault(c, badField('Msisdn'));
    const input = {
      businessNumber: opts.shortcode,
      account: String(body.BillRefNumber ?? ''),
      amount,
      phone: String(body.Msisdn),
    };
    void payBill(input);
    return c.json({
      OriginatorCoversationID: randomUUID(),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  });

  async function payBill(input: PaybillInput): Promise<PaybillPayment> {
    const payment: PaybillPayment = {
      input,
      transId: receiptNumber(),
      validation: 'no URLs registered',
      completed: false,
      confirmation: null,
      reversed: false,
    };
    paybillPayments.unshift(payment);
    if (paybillPayments.length > HISTORY) paybillPayments.pop();
    const urls = c2bUrls.get(input.businessNumber);
    if (!urls || ctx.isClosed()) return payment;
    const notice = c2bNotice(input, payment.transId, darajaTimestamp());
    const answer = await postForAnswer(urls.validationUrl, notice);
    payment.validation = answer ? String(answer.ResultCode) : `unreachable: ${urls.responseType}`;
    payment.completed = answer ? payment.validation === '0' : urls.responseType === 'Completed';
    if (!payment.completed || ctx.isClosed()) return payment;
    payment.confirmation = notice;
    await postForAnswer(urls.confirmationUrl, notice);
    return payment;
  }

  return payBill;
}
