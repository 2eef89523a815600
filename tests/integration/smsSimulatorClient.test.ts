// The SMS simulator checked with a client someone else wrote: Africa's Talking's official Node SDK
// (`africastalking`, a devDependency), pointed at the simulator instead of api.sandbox.africastalking.com.
// The SDK builds its URLs in lib/common.js (exports.SMS_URL, set when the client is created), so the test
// overrides that one export after creating the client.
import AfricasTalking from 'africastalking';
import common from 'africastalking/lib/common.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAtSmsClient } from '#server/sms/atSmsClient.ts';
import { createSmsSimulator, type SmsSimulator } from '#simulators/sms/createSmsSimulator.ts';

const apiKey = 'atsk_simulator_key_for_tests';
let sim: SmsSimulator;
const reports: Record<string, string>[] = [];
let reportServer: { url: string; close(): void };

beforeAll(async () => {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      reports.push(Object.fromEntries(new URLSearchParams(body)));
      res.end('OK');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  reportServer = { url: `http://127.0.0.1:${port}/dlr`, close: () => server.close() };
  sim = await createSmsSimulator({
    username: 'sandbox',
    apiKey,
    reportDelayMs: 10,
    deliveryReportUrl: reportServer.url,
  });
});
afterAll(async () => {
  await sim.close();
  reportServer.close();
});

function sdk(key = apiKey) {
  const at = AfricasTalking({ username: 'sandbox', apiKey: key });
  (common as { SMS_URL: string }).SMS_URL = `${sim.url}/version1/messaging`;
  return at.SMS;
}

it("takes a message from the official SDK and answers per recipient, as Africa's Talking does", async () => {
  const r = await sdk().send({
    to: ['+254712345678', '+254700000203', '+254700000204'],
    message: 'Habari yako',
    from: 'DARASA',
  });
  const recipients = r.SMSMessageData.Recipients;
  expect(r.SMSMessageData.Message).toBe('Sent to 1/3 Total Cost: KES 0.8000');
  expect(recipients[0]).toMatchObject({
    statusCode: 101,
    status: 'Success',
    number: '+254712345678',
    cost: 'KES 0.8000',
  });
  expect(recipients[0]?.messageId).toMatch(/^ATXid_/);
  expect(recipients[1]).toMatchObject({ statusCode: 403, status: 'InvalidPhoneNumber', messageId: 'None' });
  expect(recipients[2]).toMatchObject({ statusCode: 405, status: 'InsufficientBalance' });
  expect(sim.messages.at(-3)).toMatchObject({ from: 'DARASA', message: 'Habari yako' });
});

it('refuses a wrong API key', async () => {
  const err = await sdk('wrong-key')
    .send({ to: '+254712345678', message: 'x' })
    .then(
      () => null,
      (e: { response?: { status: number; data: string } }) => e,
    );
  expect(err?.response?.status).toBe(401);
});

it('posts form-encoded delivery reports: Success, and Failed with its reason', async () => {
  await sdk().send({ to: ['+254700000201', '+254700000202'], message: 'Ripoti' });
  const delivered = sim.messages.at(-2)!;
  const failed = sim.messages.at(-1)!;
  await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2 + 1);
  const byId = (id: string | null) => reports.find((r) => r.id === id);
  expect(byId(delivered.messageId)).toMatchObject({
    status: 'Success',
    phoneNumber: '+254700000201',
    networkCode: '63902',
    retryCount: '0',
  });
  expect(byId(failed.messageId)).toMatchObject({ status: 'Failed', failureReason: 'AbsentSubscriber' });
});

it('our own client reads the same answers', async () => {
  const client = createAtSmsClient({ baseUrl: sim.url, username: 'sandbox', apiKey, senderId: null });
  expect(await client.send('+254700000203', 'x')).toMatchObject({
    outcome: 'invalid_number',
    statusCode: 403,
    messageId: null,
  });
  expect(await client.send('+254700000204', 'x')).toMatchObject({ outcome: 'unavailable', statusCode: 405 });
  expect((await client.send('+254712345678', 'x')).messageId).toMatch(/^ATXid_/);
  const bad = createAtSmsClient({ baseUrl: sim.url, username: 'sandbox', apiKey: 'nope', senderId: null });
  expect(await bad.send('+254712345678', 'x')).toMatchObject({ outcome: 'unavailable', statusCode: null });
});
