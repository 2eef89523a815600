// Demo mode: the simulators run beside the server on ports of their own (tests/support/startTestServer.ts
// starts them as `npm start` does, in this process), a person answers prompts on the M-Pesa simulator's
// /__mpesa, and the app's own port serves none of the simulators' pages.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Running } from '#server/composition/startServer.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { startTestServer } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { make } from '#tests/support/factories/index.ts';
import { eventually } from '#tests/support/eventually.ts';
import { newKey } from '#tests/support/paymentsWorld.ts';

let t: TestDatabase;
let running: Running;
beforeAll(async () => {
  t = await createTestDatabase();
  running = await startTestServer(t, { MPESA_SIMULATOR_DELAY_MS: '0' });
});
afterAll(async () => {
  await running.stop();
  await t.close();
});

it('lets a person approve a prompt on the simulator’s own /__mpesa', async () => {
  const simulator = running.services.config.mpesa.baseUrl!;
  expect(simulator).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(new URL(simulator).port).not.toBe(new URL(running.url).port);
  const creator = await make.user(t.db, { role: 'creator' });
  const course = await make.course(t.db, { creator, price: 700 });
  const buyer = await make.user(t.db, { role: 'customer' });
  const r = await startPayment(
    running.services,
    { userId: buyer.id, role: 'customer' },
    { courseId: course.id, amount: 700, phone: '0722 000 555', idempotencyKey: newKey() },
  );
  expect(r.kind).toBe('payment');

  const page = await (await fetch(`${simulator}/__mpesa`)).text();
  expect(page).toContain('<strong>KES 700</strong> from 254722000555');
  const action = /action="(__mpesa\/[^"]+\/approve)"/.exec(page)![1]!;
  // Not even a prompt's answer goes through the app's port.
  expect((await fetch(`${running.url}/${action}`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
  const res = await fetch(`${simulator}/${action}`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  await eventually(async () => {
    const p = await t.db.selectFrom('payment').select('status').where('userId', '=', buyer.id).executeTakeFirst();
    return p?.status === 'paid';
  });
  const after = await (await fetch(`${simulator}/__mpesa`)).text();
  expect(after).toContain('No prompts are waiting.');
});

it('answers a plain 404 for the simulators’ pages on the app’s port', async () => {
  for (const path of ['/__mpesa', '/__mpesa/paybill', '/__sms', '/__sms/messages.json']) {
    const res = await fetch(`${running.url}${path}`, { redirect: 'manual' });
    expect([res.status, await res.text()], path).toEqual([404, 'Not found']);
  }
  // The SMS simulator's messages, one-time codes included, are on its own loopback port only.
  expect((await fetch(`${running.services.config.sms.baseUrl}/__sms`)).status).toBe(200);
});
