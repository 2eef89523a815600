// What a creator may withdraw: only to a verified number, not while payouts are on hold, at least
// KES 100 and at most what is available, one payout at a time (however many requests arrive at once).
// Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { creatorBalancesInTx } from '../ledger/creatorBalancesInTx.ts';
import { withdraw } from './withdraw.ts';

const world = useTestServices();

const PHONE = '254708374149';
const balances = (creatorId: string) => creatorBalancesInTx(world.t.db, { creatorId, now: new Date() });
/** A creator with KES 900 available: a KES 1000 sale less the platform's 10 %. */
const creatorWith900 = () => make.creatorWithEarnings(world.services, { phone: PHONE, price: 1000 });

describe('withdraw', () => {
  it('takes everything available when no amount is given, or the amount asked', async () => {
    const all = await creatorWith900();
    await withdraw(world.services, all, {});
    expect(await balances(all.userId)).toEqual({ pending: 0, available: 0, inFlight: 900, paidOut: 0 });
    const part = await creatorWith900();
    const { payoutId } = await withdraw(world.services, part, { amount: '250' });
    expect(
      await world.t.db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirst(),
    ).toMatchObject({
      status: 'requested',
      purpose: 'withdrawal',
      amount: 250,
      phone: PHONE,
    });
    expect(await balances(part.userId)).toMatchObject({ available: 650, inFlight: 250 });
  });

  it('refuses less than KES 100, more than is available, and amounts that are not whole shillings', async () => {
    const c = await creatorWith900();
    await expect(withdraw(world.services, c, { amount: 99 })).rejects.toMatchObject({ code: 'conflict' });
    await expect(withdraw(world.services, c, { amount: 901 })).rejects.toMatchObject({
      code: 'conflict',
      message: 'You can withdraw at most KES 900 now.',
    });
    for (const amount of [12.5, -5, 0, 'lots'])
      await expect(withdraw(world.services, c, { amount })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await balances(c.userId)).toMatchObject({ available: 900, inFlight: 0 });
  });

  it('refuses money still in the holding period', async () => {
    const c = await make.creatorWithEarnings(world.services, { phone: PHONE, price: 1000, at: new Date() });
    expect(await balances(c.userId)).toMatchObject({ pending: 900, available: 0 });
    await expect(withdraw(world.services, c, {})).rejects.toMatchObject({ code: 'conflict' });
  });

  it('needs a verified payout number, and no hold on payouts', async () => {
    const c = await creatorWith900();
    await world.t.db.updateTable('payoutAccount').set({ verifiedPhone: null }).where('userId', '=', c.userId).execute();
    await expect(withdraw(world.services, c, {})).rejects.toMatchObject({
      code: 'conflict',
      message: 'Add and verify your M-Pesa payout number first.',
    });
    await world.t.db
      .updateTable('payoutAccount')
      .set({ verifiedPhone: PHONE, holdReason: 'Under review.' })
      .where('userId', '=', c.userId)
      .execute();
    await expect(withdraw(world.services, c, {})).rejects.toThrow(/on hold: Under review/);
  });

  it('is for payees: a visitor must sign in, an admin is refused, a customer (an affiliate) needs a number', async () => {
    const customer = await make.actor(world.t.db);
    const admin = await make.actor(world.t.db, { role: 'admin' });
    await expect(withdraw(world.services, null, {})).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(withdraw(world.services, admin, {})).rejects.toMatchObject({ code: 'forbidden' });
    await expect(withdraw(world.services, customer, {})).rejects.toThrow(/verify your M-Pesa payout number/);
  });

  it('ten concurrent withdrawals open one payout', async () => {
    const c = await creatorWith900();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => withdraw(world.services, c, {})));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' });
    expect(await world.t.db.selectFrom('payout').select('id').where('creatorId', '=', c.userId).execute()).toHaveLength(
      1,
    );
    expect(await balances(c.userId)).toEqual({ pending: 0, available: 0, inFlight: 900, paidOut: 0 });
  });
});
