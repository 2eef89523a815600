// docs/daraja-behaviours.md as tests: each row's behaviour, against the simulator, with our client, with a
// Daraja client someone else wrote (mpesa-node from npm: a token per call, UTC timestamps) and, where it
// settles payments, through the real server on this run's database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error mpesa-node ships no types.
import Mpesa from 'mpesa-node';
import { createDarajaClient, type DarajaSettings } from '#server/daraja/darajaClient.ts';
import { createMpesaSimulator, type MpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import type { SimulatorOptions } from '#simulators/mpesa/simulatorTypes.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { PHONES, newKey, startWorld } from '#tests/support/paymentsWorld.ts';
import { simulatorCredentials, simulatorDarajaSettings } from '#tests/support/simulatorDaraja.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

let sim: MpesaSimulator;
let settings: DarajaSettings;
const open: Array<{ close(): Promise<void> }> = [];

async function startSim(over: Partial<SimulatorOptions> = {}) {
  sim = await createMpesaSimulator({ ...simulatorCredentials(), callbackDelayMs: 0, mode: 'auto', ...over });
  open.push(sim);
  settings = simulatorDarajaSettings(sim.url);
}

/** A tiny HTTP endpoint that records what Daraja posts to it (result and time-out URLs). */
async function receiver() {
  const bodies: Array<{ path: string; body: unknown }> = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c));
    req.on('end', () => {
      bodies.push({ path: req.url ?? '', body: JSON.parse(text) });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  open.push({ close: () => new Promise<void>((r) => server.close(() => r())) });
  return { url, bodies };
}

beforeEach(() => startSim());
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

const push = (client = createDarajaClient(settings)) =>
  client.stkPush({
    amount: 10,
    phone: PHONES.success,
    callbackUrl: 'http://127.0.0.1:9/cb',
    accountReference: 'DARASA1',
    transactionDesc: 'Course',
  });
const oauthCalls = () => sim.received.filter((r) => r.path === '/oauth/v1/generate').length;

describe('Daraja behaviours (docs/daraja-behaviours.md)', () => {
  it('checked with a client library someone else wrote: mpesa-node, a token per call and UTC timestamps', async () => {
    const mpesa = new Mpesa({
      consumerKey: settings.consumerKey,
      consumerSecret: settings.consumerSecret,
      lipaNaMpesaShortCode: settings.shortcode,
      lipaNaMpesaShortPass: settings.passkey,
      shortCode: settings.shortcode,
    });
    mpesa.baseURL = sim.url;
    // Five concurrent prompts, each fetching its own token first: earlier tokens stay valid.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        mpesa.lipaNaMpesaOnline(PHONES.success, 10, 'http://127.0.0.1:9/cb', 'DARASA1', 'Course'),
      ),
    );
    expect(answers.map((a: { data: { ResponseCode: string } }) => a.data.ResponseCode)).toEqual([
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(oauthCalls()).toBe(5);
    const query = await mpesa.lipaNaMpesaQuery(answers[0].data.CheckoutRequestID);
    expect(query.data).toMatchObject({ ResultCode: '0' });
  });

  it('concurrent calls of our client share one token fetch', async () => {
    const client = createDarajaClient(settings);
    await Promise.all(Array.from({ length: 5 }, () => push(client)));
    expect(oauthCalls()).toBe(1);
  });

  it('a token refused by code (404.001.03 at HTTP 404) is renewed once and the call retried', async () => {
    await startSim({ singleToken: true });
    const a = createDarajaClient(settings);
    await push(a);
    await createDarajaClient(settings).token(); // retires a's token
    expect((await push(a)).response.ResponseCode).toBe('0');
    const refused = sim.received.filter((r) => r.status === 404);
    expect(refused).toHaveLength(1);
    expect(oauthCalls()).toBe(3);
  });

  it('answers unknown endpoints as the gateway does, before looking at the token', async () => {
    const res = await fetch(`${sim.url}/mpesa/nothing/v1/here`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errorCode: '404.001.01', errorMessage: 'Resource not found' });
  });

  it('accepts a UTC timestamp whose password matches, refuses one whose password does not', async () => {
    const token = await createDarajaClient(settings).token();
    const ts = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const send = (password: string) =>
      fetch(`${sim.url}/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          BusinessShortCode: settings.shortcode,
          Password: password,
          Timestamp: ts,
          TransactionType: 'CustomerPayBillOnline',
          Amount: 1,
          PartyA: PHONES.success,
          PartyB: settings.shortcode,
          PhoneNumber: PHONES.success,
          CallBackURL: 'http://127.0.0.1:9/cb',
          AccountReference: 'A',
          TransactionDesc: 'B',
        }),
      }).then((r) => r.status);
    const good = Buffer.from(`${settings.shortcode}${settings.passkey}${ts}`).toString('base64');
    expect(await send(good)).toBe(200);
    expect(await send(Buffer.from(`${settings.shortcode}${settings.passkey}20200101000000`).toString('base64'))).toBe(
      500,
    );
  });

  it('answers a reversal at once, then posts its result with ResultParameters and ReferenceData', async () => {
    const r = await receiver();
    const client = createDarajaClient(settings);
    const { response } = await push(client);
    const receipt = await eventually(async () => sim.transactions.get(response.CheckoutRequestID)?.receipt);
    const input = {
      transactionId: receipt,
      amount: 10,
      resultUrl: `${r.url}/result`,
      queueTimeoutUrl: `${r.url}/timeout`,
      remarks: 'Refund',
    };
    await client.reverseTransaction(input);
    await client.reverseTransaction(input);
    await eventually(async () => r.bodies.length === 2);
    const [first, second] = r.bodies.map((b) => b as { path: string; body: { Result: Record<string, unknown> } });
    expect(first!.path).toBe('/result');
    expect(first!.body.Result).toMatchObject({
      ResultCode: 0,
      ResultParameters: { ResultParameter: expect.arrayContaining([{ Key: 'OriginalTransactionID', Value: receipt }]) },
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: `${r.url}/timeout` } },
    });
    expect(second!.body.Result).toMatchObject({ ResultCode: 'R000001' });
  });

  it('calls QueueTimeOutURL when a reversal times out in the queue', async () => {
    await startSim({ reversalQueueTimeout: true });
    const r = await receiver();
    await createDarajaClient(settings).reverseTransaction({
      transactionId: 'SIM0000000',
      amount: 10,
      resultUrl: `${r.url}/result`,
      queueTimeoutUrl: `${r.url}/timeout`,
      remarks: 'Refund',
    });
    await eventually(async () => r.bodies.length === 1);
    expect(r.bodies[0]!.path).toBe('/timeout');
  });

  it('refuses a reversal request missing a required field, before accepting it', async () => {
    const token = await createDarajaClient(settings).token();
    const res = await fetch(`${sim.url}/mpesa/reversal/v1/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Initiator: 'apiop', CommandID: 'TransactionReversal' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid SecurityCredential' });
  });

  it('a callback with a textual ResultCode settles the payment as failed at once, its words shown', async () => {
    const w = await startWorld();
    open.push(w);
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 700 });
    const started = await startPayment(w.running.services, buyer, {
      courseId: course.id,
      amount: 700,
      phone: PHONES.textCode,
      idempotencyKey: newKey(),
    });
    if (started.kind !== 'payment') throw new Error('expected a payment');
    // The reconciler is off in this world: only the callback can settle it.
    const settled = await eventually(async () => {
      const p = await getPaymentForPayer(w.running.services, buyer, { paymentId: started.payment.id });
      return p.status === 'pending' ? null : p;
    });
    expect(settled).toMatchObject({
      status: 'failed',
      message: 'M-Pesa could not reach this phone right now. Please try again later.',
    });
  });
});
