// Attack: the simulators' pages and APIs on the app's own port (issue 23, finding 1). Replayed: the
// four-request account takeover (ask a reset code for the victim's phone, read it on /__sms, reset the
// password, sign in as the victim), answering someone's payment prompt on /__mpesa, and every simulator
// page and API path on the app's port. Each is a 404 there: no code is readable, the victim's password
// and the payment are untouched. The simulators answer only on their own loopback ports (decision 0035).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { PHONES, startMpesaPayment, startWorld, type World } from '#tests/support/paymentsWorld.ts';
import { lastCode } from '#tests/support/smsOutbox.ts';

let app: World;
beforeAll(async () => {
  app = await startWorld();
});
afterAll(async () => {
  await app?.close();
});

let attempts = 0;
async function attack(path: string, init: RequestInit = {}) {
  attempts++;
  const res = await fetch(`${app.url}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, body: await res.text() };
}

it('the four-request takeover through /__sms fails: no code on the app port, the password stays the owner’s', async () => {
  const victim = newRegistration({ phone: '+254712400001' });
  expect((await new Client(app.url).register(victim)).status).toBe(201);
  const attacker = new Client(app.url);

  // 1. A reset code for the victim's phone: sent to the phone (the SMS simulator), as to anyone.
  attempts++;
  const asked = await attacker.request('/api/account/phone/code', {
    method: 'POST',
    json: { purpose: 'reset', phone: victim.phone },
  });
  expect(asked.status).toBe(201);
  const { challengeId } = (await asked.json()) as { challengeId: string };
  const code = await lastCode(app.running, '+254712400001');

  // 2. Reading it on the app's port: the inbox and its JSON are not there.
  for (const path of ['/__sms', '/__sms/', '/__sms/messages.json', '/__sms?to=%2B254712400001']) {
    const r = await attack(path);
    expect(r.status, path).toBe(404);
    expect(r.body).not.toContain(code);
  }

  // 3. Without the code, the reset is refused (a guess is not the code).
  attempts++;
  const guess = code === '000000' ? '111111' : '000000';
  const reset = await attacker.request('/api/account/phone/reset', {
    method: 'POST',
    json: { challengeId, code: guess, password: 'attacker-pass-1' },
  });
  expect(reset.status).toBeGreaterThanOrEqual(400);
  expect(reset.status).toBeLessThan(500);

  // 4. Signing in as the victim with the attacker's password fails; the owner's still works.
  attempts++;
  expect((await new Client(app.url).signIn(victim.email, 'attacker-pass-1')).status).toBe(401);
  expect((await new Client(app.url).signIn(victim.email, victim.password)).status).toBe(200);
});

it('no one answers another person’s payment prompt through /__mpesa on the app port', async () => {
  const buyer = await make.actor(app.t.db);
  const { course } = await make.creatorWithCourse(app.t.db, { price: 500 });
  const payment = await startMpesaPayment(app, buyer, course, PHONES.manual);
  const row = () =>
    app.t.db
      .selectFrom('payment')
      .select(['status', 'checkoutRequestId'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
  const { checkoutRequestId } = await row();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  for (const [path, init] of [
    ['/__mpesa', {}],
    ['/__mpesa/paybill', {}],
    [`/__mpesa/${checkoutRequestId}/approve`, { method: 'POST' }],
    [
      '/__mpesa/paybill',
      { method: 'POST', headers: form, body: `business=174379&account=X&amount=500&phone=${PHONES.success}` },
    ],
  ] as const) {
    const r = await attack(path, init);
    expect(r.status, path).toBe(404);
    expect(r.body).not.toContain(checkoutRequestId!);
  }
  expect(await row()).toMatchObject({ status: 'pending' });
  expect(await app.t.db.selectFrom('enrollment').select('id').where('courseId', '=', course.id).execute()).toEqual([]);
});

it('the simulators’ provider APIs are not on the app port either', async () => {
  const json = { 'content-type': 'application/json' };
  for (const [path, init] of [
    ['/oauth/v1/generate?grant_type=client_credentials', {}],
    ['/mpesa/stkpush/v1/processrequest', { method: 'POST', headers: json, body: '{}' }],
    ['/mpesa/c2b/v1/simulate', { method: 'POST', headers: json, body: '{}' }],
    ['/mpesa/b2c/v3/paymentrequest', { method: 'POST', headers: json, body: '{}' }],
    ['/version1/messaging', { method: 'POST', body: 'username=sandbox&to=%2B254712400001&message=hi' }],
  ] as const) {
    const r = await attack(path, init);
    expect(r.status, path).toBe(404);
  }
  // Counted for the report: every attempt above, none answered with a page, a code or a 5xx.
  expect(attempts).toBe(16);
});
