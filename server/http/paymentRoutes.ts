import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppServices } from './appContext.ts';
import { badRequest } from './errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { getPaymentForPayer } from '../modules/payments/getPaymentForPayer.ts';
import { handleStkCallback } from '../modules/payments/handleStkCallback.ts';
import { startPayment } from '../modules/payments/startPayment.ts';

const limit = bodyLimit({ maxSize: 16 * 1024, onError: () => { throw badRequest('The request is too large.'); } });

async function json(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw badRequest('The request body must be JSON.');
  });
}

/** Payments over HTTP: start one, follow its status (the payer only), and Daraja's callback. */
export function paymentRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.post('/api/payments', limit, async (c) => {
    const result = await startPayment(services, c.var.ctx.viewer, await json(c));
    return c.json(result, result.kind === 'payment' ? 202 : 201);
  });

  app.get('/api/payments/:id', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ payment: await getPaymentForPayer(services, c.var.ctx.viewer, c.req.param('id')) });
  });

  app.post('/api/mpesa/callback/:secret', limit, async (c) => {
    await handleStkCallback(services, c.req.param('secret'), await json(c));
    // Daraja's expected acknowledgement.
    return c.json({ ResultCode: 0, ResultDesc: 'Accepted' });
  });

  // Demo mode: the simulator's "phone" page, reachable on the app's own origin.
  if (services.config.mpesa.env === 'simulator') {
    app.on(['GET', 'POST'], ['/__mpesa', '/__mpesa/*'], async (c) => {
      const target = `${services.config.mpesa.baseUrl}${c.req.path}`;
      const res = await fetch(target, { method: c.req.method, redirect: 'manual' }).catch(() => null);
      if (!res) return c.text('The M-Pesa simulator is not running.', 503);
      return new Response(res.body, { status: res.status, headers: res.headers });
    });
  }
  return app;
}
