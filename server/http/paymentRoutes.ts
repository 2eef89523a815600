import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../core/services.ts';
import { invalidInput } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { callbackBody, objectBody } from './jsonBody.ts';
import { getPaymentForPayer } from '../modules/payments/getPaymentForPayer.ts';
import { handleReceiptResult } from '../modules/payments/handleReceiptResult.ts';
import { handleIncomingResult } from '../modules/payments/handleIncomingResult.ts';
import { handleReversalCheck } from '../modules/payments/handleReversalCheck.ts';
import { handleStkCallback } from '../modules/payments/handleStkCallback.ts';
import { startPayment } from '../modules/payments/startPayment.ts';
import { confirmPaybillPayment } from '../modules/payments/confirmPaybillPayment.ts';
import { validatePaybillPayment } from '../modules/payments/validatePaybillPayment.ts';
import { getReceipt } from '../modules/payments/getReceipt.ts';
import { renderReceiptPdf } from '../modules/payments/renderReceiptPdf.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { DARAJA_ACCEPTED } from './darajaAccepted.ts';

const limit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw invalidInput('The request is too large.');
  },
});

/** Payments over HTTP: start one, follow its status (the payer only), and Daraja's callback. */
export function paymentRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.post('/api/payments', limit, objectBody, async (c) => {
    const result = await startPayment(services, c.var.ctx.actor, c.req.valid('json'));
    return c.json(result, result.kind === 'payment' ? 202 : 201);
  });

  app.get('/api/payments/:id', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ payment: await getPaymentForPayer(services, c.var.ctx.actor, { paymentId: c.req.param('id') }) });
  });

  // A purchase's receipt as a PDF (its buyer and admins), in the reader's language.
  app.get('/api/payments/:id/receipt.pdf', async (c) => {
    const { actor, locale } = c.var.ctx;
    const receipt = await getReceipt(services, actor, { paymentId: c.req.param('id') });
    const pdf = await renderReceiptPdf(receipt, toLocale(locale));
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="darasa-receipt-${receipt.paymentId}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  app.post('/api/mpesa/callback/:secret', limit, callbackBody, async (c) => {
    await handleStkCallback(services, { secret: c.req.param('secret'), body: c.req.valid('json') });
    return c.json(DARAJA_ACCEPTED);
  });

  // Transaction Status's answer about a paid payment's receipt (ResultURL and QueueTimeOutURL).
  app.post('/api/mpesa/receipt/:secret/:paymentId', limit, callbackBody, async (c) => {
    await handleReceiptResult(services, {
      secret: c.req.param('secret'),
      paymentId: c.req.param('paymentId'),
      body: c.req.valid('json'),
    });
    return c.json(DARAJA_ACCEPTED);
  });

  // Transaction Status's answers about money a C2B confirmation or a second STK success told us of, and
  // about reversals (refunds, second payments returned).
  app.post('/api/mpesa/incoming/:secret/:id', limit, callbackBody, async (c) => {
    await handleIncomingResult(services, {
      secret: c.req.param('secret'),
      incomingId: c.req.param('id'),
      body: c.req.valid('json'),
    });
    return c.json(DARAJA_ACCEPTED);
  });
  app.post('/api/mpesa/reversal-check/:secret/:subject/:id/:originator', limit, callbackBody, async (c) => {
    await handleReversalCheck(services, {
      secret: c.req.param('secret'),
      subject: c.req.param('subject'),
      id: c.req.param('id'),
      originator: c.req.param('originator'),
      body: c.req.valid('json'),
    });
    return c.json(DARAJA_ACCEPTED);
  });

  // Paybill (C2B): validation answers Daraja's accept/refuse codes; confirmation is always acknowledged.
  app.post('/api/payments/paybill/validate/:secret', limit, callbackBody, async (c) =>
    c.json(await validatePaybillPayment(services, { secret: c.req.param('secret'), body: c.req.valid('json') })),
  );
  app.post('/api/payments/paybill/confirm/:secret', limit, callbackBody, async (c) => {
    await confirmPaybillPayment(services, { secret: c.req.param('secret'), body: c.req.valid('json') });
    return c.json({ ResultCode: 0, ResultDesc: 'Success' });
  });

  // The M-Pesa simulator's phone page is on the simulator's own loopback port (decision 0035): its old
  // address here is a plain 404, not the catch-all's redirect to the landing page.
  app.all('/__mpesa/*', (c) => c.text('Not found', 404));
  return app;
}
