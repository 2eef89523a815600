// The payout state machine: requested/sent → paid or failed, exactly once, with the ledger entry that goes
// with it (paid: in flight → paid out; failed: back to the available balance). Runs on SQLite and
// PostgreSQL (TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { creatorBalancesInTx } from '../ledger/creatorBalancesInTx.ts';
import { type PayoutSettlement, settlePayout } from './settlePayout.ts';
import { setPayoutNumber } from './setPayoutNumber.ts';
import { withdraw } from './withdraw.ts';

const world = useTestServices();

const settle = (payoutId: string, s: Omit<PayoutSettlement, 'payoutId'>) =>
  settlePayout(world.services, { payoutId, ...s });
const paid = { outcome: 'paid', resultCode: 0, resultDesc: 'ok', receipt: 'UAB1C2D3E4' } as const;
const failed = { outcome: 'failed', resultCode: 2001, resultDesc: 'The initiator information is invalid.' } as const;
const balances = (creatorId: string) => creatorBalancesInTx(world.t.db, { creatorId, now: new Date() });
const payout = (id: string) =>
  world.t.db.selectFrom('payout').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entries = async (payoutId: string) =>
  (await world.t.db.selectFrom('journalEntry').select('kind').where('payoutId', '=', payoutId).execute())
    .map((e) => e.kind)
    .sort();

/** A creator with KES 900 available (a KES 1000 sale less the fee) and a payout of all of it requested. */
async function requestedPayout() {
  const creator = await make.creatorWithEarnings(world.services, { phone: '254708374149', price: 1000 });
  const { payoutId } = await withdraw(world.services, creator, {});
  expect(await balances(creator.userId)).toEqual({ pending: 0, available: 0, inFlight: 900, paidOut: 0 });
  return { creator, payoutId };
}

describe('settling a payout', () => {
  it('paid: the money leaves "in flight" for "paid out", with M-Pesa’s receipt', async () => {
    const { creator, payoutId } = await requestedPayout();
    expect(await settle(payoutId, { ...paid, receiverName: '254708374149 - Wanjiru Kamau' })).toBe(true);
    expect(await payout(payoutId)).toMatchObject({ status: 'paid', receipt: 'UAB1C2D3E4', failureReason: null });
    expect(await balances(creator.userId)).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 900 });
    expect(await entries(payoutId)).toEqual(['payout', 'payout_paid']);
  });

  it('failed: the money is back in the available balance, the reason kept for the creator', async () => {
    const { creator, payoutId } = await requestedPayout();
    expect(await settle(payoutId, { ...failed, reason: 'M-Pesa did not recognise your payout number.' })).toBe(true);
    expect(await payout(payoutId)).toMatchObject({
      status: 'failed',
      receipt: null,
      failureReason: 'M-Pesa did not recognise your payout number.',
    });
    expect(await balances(creator.userId)).toEqual({ pending: 0, available: 900, inFlight: 0, paidOut: 0 });
    expect(await entries(payoutId)).toEqual(['payout', 'payout_failed']);
  });

  it('settles once: a repeated or contradicting result later changes nothing', async () => {
    const { creator, payoutId } = await requestedPayout();
    expect(await settle(payoutId, paid)).toBe(true);
    expect(await settle(payoutId, paid)).toBe(false);
    expect(await settle(payoutId, failed)).toBe(false);
    expect((await payout(payoutId)).status).toBe('paid');
    expect(await balances(creator.userId)).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 900 });
    expect(await entries(payoutId)).toEqual(['payout', 'payout_paid']);
  });

  it('settles once when results race each other', async () => {
    const { creator, payoutId } = await requestedPayout();
    const results = await Promise.all([paid, failed, paid, failed, paid].map((s) => settle(payoutId, s)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const b = await balances(creator.userId);
    expect(b.inFlight).toBe(0);
    expect(b.available + b.paidOut).toBe(900);
    expect(await entries(payoutId)).toHaveLength(2);
  });

  it('keeps no receipt that is not an M-Pesa receipt number', async () => {
    const { payoutId } = await requestedPayout();
    await settle(payoutId, { ...paid, receipt: 'not a receipt' });
    expect((await payout(payoutId)).receipt).toBeNull();
  });

  it('a paid verification transfer verifies the number and names its owner; the creator’s balance is untouched', async () => {
    const u = await make.user(world.t.db, { role: 'creator' });
    const creator = { userId: u.id, role: 'creator' as const };
    const { payoutId } = await setPayoutNumber(world.services, creator, { phone: '0708 374 149' });
    expect(await settle(payoutId, { ...paid, receiverName: '254708374149 - Wanjiru Kamau' })).toBe(true);
    expect(
      await world.t.db.selectFrom('payoutAccount').selectAll().where('userId', '=', u.id).executeTakeFirst(),
    ).toMatchObject({ phone: '254708374149', verifiedPhone: '254708374149', verifiedName: 'Wanjiru Kamau' });
    expect(await balances(u.id)).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 0 });
    expect(await entries(payoutId)).toEqual(['verification']);
  });

  it('a failed verification transfer leaves the number unverified', async () => {
    const u = await make.user(world.t.db, { role: 'creator' });
    const { payoutId } = await setPayoutNumber(
      world.services,
      { userId: u.id, role: 'creator' },
      { phone: '0700 102 040' },
    );
    expect(await settle(payoutId, failed)).toBe(true);
    expect(
      await world.t.db.selectFrom('payoutAccount').selectAll().where('userId', '=', u.id).executeTakeFirst(),
    ).toMatchObject({ phone: '254700102040', verifiedPhone: null, verifiedAt: null });
    expect(await entries(payoutId)).toEqual([]);
  });
});
