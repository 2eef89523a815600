// Daraja's B2C result and queue time-out notices for a payout are unsigned, so only triggers (decision
// 0039): whatever they say, the payout is asked about with a Transaction Status query and nothing settles;
// without the secret or for a payout not ours they are not even that. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '#server/core/services.ts';
import { make } from '#tests/support/factories/index.ts';
import { b2cResultBody } from '#tests/support/payoutsWorld.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { creatorBalancesInTx } from '../ledger/creatorBalancesInTx.ts';
import { handleB2cResult } from './handleB2cResult.ts';
import { withdraw } from './withdraw.ts';

let t: TestDatabase;
let services: Services;
beforeAll(async () => {
  t = await createTestDatabase();
  // Nothing listens there: the Transaction Status query a time-out asks for fails, as with Daraja down.
  services = testServices(t, { MPESA_BASE_URL: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await t.close();
});

const secret = () => services.config.mpesa.b2cResultSecret;
const handle = (kind: 'result' | 'timeout', body: unknown, withSecret = secret()) =>
  handleB2cResult(services, { kind, secret: withSecret, body });
const balances = (creatorId: string) => creatorBalancesInTx(t.db, { creatorId, now: new Date() });
const payout = (id: string) => t.db.selectFrom('payout').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Daraja's result body for a payout, as documented for the B2C ResultURL. */
const result = b2cResultBody;
const success = (payoutId: string, amount = 900) =>
  result(payoutId, 0, 'The service request is processed successfully.', {
    TransactionAmount: amount,
    TransactionReceipt: 'UAB1C2D3E4',
    ReceiverPartyPublicName: '254708374149 - Wanjiru Kamau',
  });

async function requestedPayout() {
  const creator = await make.creatorWithEarnings(services, { phone: '254708374149', price: 1000 });
  const { payoutId } = await withdraw(services, creator, {});
  return { creator, payoutId };
}

describe('B2C results are only triggers', () => {
  it('a success settles nothing: the payout is asked about, its money stays in flight; copies ask no more', async () => {
    const { creator, payoutId } = await requestedPayout();
    expect(await handle('result', success(payoutId))).toEqual({ settled: false });
    const asked = await payout(payoutId);
    expect(asked).toMatchObject({ status: 'requested', receipt: null, receiverName: null });
    expect(asked.checkedAt).not.toBeNull();
    expect(await handle('result', success(payoutId))).toEqual({ settled: false });
    expect((await payout(payoutId)).statusToken).toBe(asked.statusToken);
    expect(await balances(creator.userId)).toEqual({ pending: 0, available: 0, inFlight: 900, paidOut: 0 });
  });

  it('a failure returns no money: the balance stays as it was until Transaction Status says so', async () => {
    const { creator, payoutId } = await requestedPayout();
    const body = result(payoutId, 2001, 'The initiator information is invalid.');
    expect(await handle('result', body)).toEqual({ settled: false });
    expect(await payout(payoutId)).toMatchObject({ status: 'requested', failureReason: null });
    expect(await balances(creator.userId)).toEqual({ pending: 0, available: 0, inFlight: 900, paidOut: 0 });
  });

  it('time-out in M-Pesa’s queue: not a failure, the payout stays open and the money in flight', async () => {
    const { creator, payoutId } = await requestedPayout();
    const body = result(payoutId, 1, 'The request timed out in the queue.');
    expect(await handle('timeout', body)).toEqual({ settled: false });
    expect((await payout(payoutId)).status).toBe('requested');
    expect(await balances(creator.userId)).toMatchObject({ available: 0, inFlight: 900 });
  });

  it('is not even a trigger without the secret or for a payout not ours', async () => {
    const { payoutId } = await requestedPayout();
    await expect(handle('result', success(payoutId), 'guessed')).rejects.toMatchObject({ code: 'not_found' });
    await expect(handle('result', success('someone-elses'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(handle('result', { hello: 'world' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await payout(payoutId)).toMatchObject({ status: 'requested', checkedAt: null });
  });
});
