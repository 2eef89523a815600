// The Daraja client against the M-Pesa simulator, which validates requests the way Daraja does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { darajaTimestamp, stkPassword } from '#common/daraja/timestamp.ts';
import { simulatorCredentials, simulatorDarajaSettings } from '#tests/support/simulatorDaraja.ts';
import { createDarajaClient, type DarajaSettings } from '#server/daraja/darajaClient.ts';
import { DarajaError } from '#server/daraja/darajaError.ts';
import { createMpesaSimulator, type MpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';

describe('client against the simulator', () => {
  let sim: MpesaSimulator;
  let settings: DarajaSettings;
  beforeEach(async () => {
    sim = await createMpesaSimulator({ ...simulatorCredentials(), callbackDelayMs: 0, mode: 'manual' });
    settings = simulatorDarajaSettings(sim.url);
  });
  afterEach(async () => {
    await sim.close();
  });

  const push = (
    client = createDarajaClient(settings),
    over: Partial<Parameters<ReturnType<typeof createDarajaClient>['stkPush']>[0]> = {},
  ) =>
    client.stkPush({
      amount: 1500,
      phone: '254711222333',
      callbackUrl: 'http://127.0.0.1:9/cb/secret',
      accountReference: 'DARASA123456',
      transactionDesc: 'Darasa course',
      ...over,
    });
  const oauthCalls = () => sim.received.filter((r) => r.path === '/oauth/v1/generate').length;

  it('caches one token for concurrent requests', async () => {
    const client = createDarajaClient(settings);
    const results = await Promise.all(Array.from({ length: 8 }, () => push(client)));
    expect(results.every((r) => r.response.ResponseCode === '0')).toBe(true);
    expect(oauthCalls()).toBe(1);
    expect(results[0]!.request).not.toHaveProperty('Password');
  });

  it("renews its token once when another client's token retired it (the strict single-token rule)", async () => {
    await sim.close();
    sim = await createMpesaSimulator({ ...simulatorCredentials(), callbackDelayMs: 0, singleToken: true });
    settings = { ...settings, baseUrl: sim.url };
    const a = createDarajaClient(settings);
    const b = createDarajaClient(settings);
    await push(a);
    await push(b); // b's new token invalidates a's
    await push(a);
    expect(oauthCalls()).toBe(3);
    expect(sim.received.filter((r) => r.status === 404)).toHaveLength(1);
  });

  it('reports "being processed" as pending, then the result', async () => {
    const client = createDarajaClient(settings);
    const { response } = await push(client);
    expect(await client.stkQuery(response.CheckoutRequestID)).toMatchObject({ state: 'pending' });
    sim.answer(response.CheckoutRequestID, 'wrong_pin');
    expect(await client.stkQuery(response.CheckoutRequestID)).toMatchObject({ state: 'done', resultCode: 2001 });
    await expect(client.stkQuery('ws_CO_unknown')).rejects.toBeInstanceOf(DarajaError);
  });

  it('is refused with wrong credentials, a wrong passkey or a foreign token', async () => {
    await expect(push(createDarajaClient({ ...settings, consumerSecret: 'wrong' }))).rejects.toMatchObject({
      status: 400,
    });
    await expect(push(createDarajaClient({ ...settings, passkey: 'wrong' }))).rejects.toMatchObject({
      status: 500,
      message: 'Wrong credentials',
    });
    const res = await fetch(`${sim.url}/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { authorization: 'Bearer made-up', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    expect(sim.transactions.size).toBe(0);
  });

  it('checks fields before sending, and the simulator checks them as Daraja does', async () => {
    const client = createDarajaClient(settings);
    await expect(push(client, { accountReference: 'DARASA1234567' })).rejects.toBeInstanceOf(DarajaError);
    await expect(push(client, { transactionDesc: 'Darasa courses!' })).rejects.toBeInstanceOf(DarajaError);
    await expect(push(client, { amount: 10.5 })).rejects.toBeInstanceOf(DarajaError);
    await expect(push(client, { phone: '0711222333' })).rejects.toBeInstanceOf(DarajaError);
    expect(sim.received.filter((r) => r.path.includes('stkpush'))).toHaveLength(0);

    // Straight at the simulator: its own validation.
    const token = await client.token();
    const ts = darajaTimestamp();
    const body = {
      BusinessShortCode: settings.shortcode,
      Password: stkPassword(settings.shortcode, settings.passkey, ts),
      Timestamp: ts,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: '254711222333',
      PartyB: settings.shortcode,
      PhoneNumber: '254711222333',
      CallBackURL: 'https://example.com/cb',
      AccountReference: 'DARASA',
      TransactionDesc: 'Course',
    };
    const send = (over: Record<string, unknown>) =>
      fetch(`${sim.url}/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, ...over }),
      }).then(async (r) => [r.status, ((await r.json()) as { errorMessage?: string }).errorMessage ?? 'ok']);
    expect(await send({})).toEqual([200, 'ok']);
    expect(await send({ Amount: 0 })).toEqual([400, 'Bad Request - Invalid Amount']);
    expect(await send({ Amount: 99.5 })).toEqual([400, 'Bad Request - Invalid Amount']);
    expect(await send({ PhoneNumber: '255712345678' })).toEqual([400, 'Bad Request - Invalid PhoneNumber']);
    expect(await send({ AccountReference: 'X'.repeat(13) })).toEqual([400, 'Bad Request - Invalid AccountReference']);
    expect(await send({ TransactionDesc: 'Y'.repeat(14) })).toEqual([400, 'Bad Request - Invalid TransactionDesc']);
    expect(await send({ CallBackURL: 'not a url' })).toEqual([400, 'Bad Request - Invalid CallBackURL']);
    expect(await send({ Timestamp: '2026-01-01 12:00' })).toEqual([400, 'Bad Request - Invalid Timestamp']);
    expect(await send({ TransactionType: 'Other' })).toEqual([400, 'Bad Request - Invalid TransactionType']);
  });

  it('checks a reversal request at once and gives its outcome later', async () => {
    const client = createDarajaClient({ ...settings });
    const { response } = await push(client);
    sim.answer(response.CheckoutRequestID, 'approve');
    const receipt = sim.transactions.get(response.CheckoutRequestID)!.receipt!;
    const input = {
      transactionId: receipt,
      amount: 1500,
      resultUrl: 'http://127.0.0.1:9/r',
      queueTimeoutUrl: 'http://127.0.0.1:9/q',
      remarks: 'Refund',
    };
    expect(await client.reverseTransaction(input)).toMatchObject({ ResponseCode: '0' });
    // A second reversal is accepted too; its refusal comes with the result (see darajaBehaviours.test.ts).
    expect(await client.reverseTransaction(input)).toMatchObject({ ResponseCode: '0' });
    await expect(client.reverseTransaction({ ...input, resultUrl: 'not a url' })).rejects.toMatchObject({
      status: 400,
      message: 'Bad Request - Invalid ResultURL',
    });
    await expect(
      createDarajaClient({ ...settings, initiatorName: null }).reverseTransaction(input),
    ).rejects.toBeInstanceOf(DarajaError);
  });
});
