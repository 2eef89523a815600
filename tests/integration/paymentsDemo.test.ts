// Demo mode: the server starts its own simulator, and a person answers prompts on /__mpesa.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Running } from '#server/composition/startServer.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { makeCourse, makeUser } from '../support/factories.ts';
import { startTestServer } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { eventually, newKey } from './paymentsHarness.ts';

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

it('starts the simulator with the server and lets a person approve a prompt on /__mpesa', async () => {
  expect(running.services.config.mpesa.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const creator = await makeUser(t.db, { role: 'creator' });
  const course = await makeCourse(t.db, creator, { price: 700 });
  const buyer = await makeUser(t.db, { role: 'customer' });
  const r = await startPayment(
    running.services,
    { userId: buyer.id, role: 'customer' },
    { courseId: course.id, amount: 700, phone: '0722 000 555', idempotencyKey: newKey() },
  );
  expect(r.kind).toBe('payment');

  const page = await (await fetch(`${running.url}/__mpesa`)).text();
  expect(page).toContain('<strong>KES 700</strong> from 254722000555');
  const action = /action="(__mpesa\/[^"]+\/approve)"/.exec(page)![1]!;
  const res = await fetch(`${running.url}/${action}`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  await eventually(async () => {
    const p = await t.db.selectFrom('payment').select('status').where('userId', '=', buyer.id).executeTakeFirst();
    return p?.status === 'paid';
  });
  const after = await (await fetch(`${running.url}/__mpesa`)).text();
  expect(after).toContain('No prompts are waiting.');
});
