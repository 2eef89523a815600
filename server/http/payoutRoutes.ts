import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../core/services.ts';
import { invalidInput } from '../core/errors.ts';
import { requireAdmin } from '../modules/access/requireAdmin.ts';
import { adjustBalance } from '../modules/payouts/adjustBalance.ts';
import { getEarnings } from '../modules/payouts/getEarnings.ts';
import { getStatement } from '../modules/payouts/getStatement.ts';
import { handleB2cResult } from '../modules/payouts/handleB2cResult.ts';
import { handleStatusResult } from '../modules/payouts/handleStatusResult.ts';
import { holdPayouts } from '../modules/payouts/holdPayouts.ts';
import { listPayouts } from '../modules/payouts/listPayouts.ts';
import { retryPayout } from '../modules/payouts/retryPayout.ts';
import { settleHeldPayout } from '../modules/payouts/settleHeldPayout.ts';
import { setPayoutNumber } from '../modules/payouts/setPayoutNumber.ts';
import { setPayoutSchedule } from '../modules/payouts/setPayoutSchedule.ts';
import { statementCsv } from '../modules/payouts/statementCsv.ts';
import { withdraw } from '../modules/payouts/withdraw.ts';
import type { AppEnv } from './honoEnv.ts';
import { callbackBody, objectBody } from './jsonBody.ts';
import { DARAJA_ACCEPTED } from './darajaAccepted.ts';

const limit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw invalidInput('The request is too large.');
  },
});

/** Daraja's acknowledgement of a result. */
/**
 * Payouts over HTTP: Daraja's B2C and Transaction Status results (M-Pesa has no session; the path carries
 * a secret), the creator's earnings API, and the admin's payout operations. Thin: modules decide.
 */
export function payoutRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const actor = (c: Context<AppEnv>) => c.var.ctx.actor;

  app.post('/api/mpesa/b2c/:kind{result|timeout}/:secret', limit, callbackBody, async (c) => {
    const kind = c.req.param('kind') as 'result' | 'timeout';
    await handleB2cResult(services, { kind, secret: c.req.param('secret'), body: c.req.valid('json') });
    return c.json(DARAJA_ACCEPTED);
  });
  app.post('/api/mpesa/b2c/status/:secret/:payoutId/:token', limit, callbackBody, async (c) => {
    await handleStatusResult(services, {
      secret: c.req.param('secret'),
      payoutId: c.req.param('payoutId'),
      token: c.req.param('token'),
      body: c.req.valid('json'),
    });
    return c.json(DARAJA_ACCEPTED);
  });

  app.use('/api/earnings/*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
  });
  app.get('/api/earnings', async (c) => c.json(await getEarnings(services, actor(c))));
  app.post('/api/earnings/withdraw', limit, objectBody, async (c) =>
    c.json(await withdraw(services, actor(c), c.req.valid('json')), 202),
  );
  app.put('/api/earnings/payout-number', limit, objectBody, async (c) =>
    c.json(await setPayoutNumber(services, actor(c), c.req.valid('json')), 202),
  );
  app.put('/api/earnings/schedule', limit, objectBody, async (c) =>
    c.json(await setPayoutSchedule(services, actor(c), c.req.valid('json'))),
  );
  app.get('/api/earnings/statement', async (c) => {
    const statement = await getStatement(services, actor(c), { month: c.req.query('month') ?? '' });
    if (c.req.query('format') !== 'csv') return c.json(statement);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="darasa-statement-${statement.month}.csv"`);
    return c.body(statementCsv(statement));
  });

  app.get('/api/admin/payouts', async (c) => {
    requireAdmin(actor(c));
    c.header('cache-control', 'no-store');
    return c.json(await listPayouts(services, actor(c), new URL(c.req.url).searchParams));
  });
  app.post('/api/admin/payouts/:id/retry', limit, async (c) =>
    c.json(await retryPayout(services, actor(c), { payoutId: c.req.param('id') }), 202),
  );
  app.post('/api/admin/payouts/:id/settle', limit, objectBody, async (c) =>
    c.json(await settleHeldPayout(services, actor(c), { ...c.req.valid('json'), payoutId: c.req.param('id') })),
  );
  app.post('/api/admin/creators/:id/payout-hold', limit, objectBody, async (c) =>
    c.json(await holdPayouts(services, actor(c), { ...c.req.valid('json'), creatorId: c.req.param('id') })),
  );
  app.post('/api/admin/creators/:id/adjustments', limit, objectBody, async (c) =>
    c.json(await adjustBalance(services, actor(c), { ...c.req.valid('json'), creatorId: c.req.param('id') }), 201),
  );
  return app;
}
