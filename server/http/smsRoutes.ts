import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../core/services.ts';
import { invalidInput } from '../core/errors.ts';
import { recordDeliveryReport } from '../modules/messaging/recordDeliveryReport.ts';
import type { AppEnv } from './honoEnv.ts';

const limit = bodyLimit({
  maxSize: 8 * 1024,
  onError: () => {
    throw invalidInput('The request is too large.');
  },
});

/** Africa's Talking's delivery reports. */
export function smsRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/api/sms/delivery/:secret', limit, async (c) => {
    const form: Record<string, string> = {};
    for (const [k, v] of Object.entries(await c.req.parseBody().catch(() => ({}))))
      if (typeof v === 'string') form[k] = v;
    await recordDeliveryReport(services, { secret: c.req.param('secret'), form });
    return c.text('OK');
  });
  // The SMS simulator's inbox (one-time codes) is on the simulator's own loopback port (decision 0035):
  // its old address here is a plain 404, not the catch-all's redirect to the landing page.
  app.all('/__sms/*', (c) => c.text('Not found', 404));
  return app;
}
