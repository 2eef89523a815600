// A payout opened before its creator was suspended is held instead of sent (nothing reaches M-Pesa, the
// tick does not ask about it), goes out again when the account is restored, and a held payout is settled
// only by an admin: a never-sent one can only fail, its money back. Runs on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { suspendUserInTx } from '../accounts/suspendUser.ts';
import { moderateUser } from '../admin/moderateUser.ts';
import { creatorBalancesInTx } from '../ledger/creatorBalancesInTx.ts';
import { reconcilePayouts } from './reconcilePayouts.ts';
import { sendPayout } from './sendPayout.ts';
import { settleHeldPayout } from './settleHeldPayout.ts';
import { withdraw } from './withdraw.ts';

// Nothing listens there: a payout that tried to reach M-Pesa would throw.
const world = useTestServices({ MPESA_BASE_URL: 'http://127.0.0.1:9' });

const payout = (id: string) =>
  world.t.db.selectFrom('payout').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sendJobs = async (payoutId: string) =>
  (await world.t.db.selectFrom('job').select('payload').where('type', '=', 'payouts.send').execute()).filter(
    (j) => JSON.parse(j.payload).payoutId === payoutId,
  ).length;

async function suspendedWithOpenPayout() {
  const creator = await make.creatorWithEarnings(world.services, { phone: '254708374149', price: 1000 });
  const { payoutId } = await withdraw(world.services, creator, {});
  await world.t.db.transaction().execute((trx) => suspendUserInTx(trx, { userId: creator.userId }));
  await sendPayout(world.services, { payoutId });
  return { creator, payoutId };
}

describe('payouts of a suspended creator', () => {
  it('are held instead of sent, left alone by the tick, and sent again after restore', async () => {
    const { creator, payoutId } = await suspendedWithOpenPayout();
    expect(await payout(payoutId)).toMatchObject({ status: 'requested', holdKind: 'suspended', checkedAt: null });
    const later = servicesAt(world.services, new Date(Date.now() + 3 * 3600_000));
    expect(await reconcilePayouts(later)).toBe(0);
    await expect(withdraw(world.services, creator, {})).rejects.toMatchObject({ code: 'conflict' });
    const admin = await make.actor(world.t.db, { role: 'admin' });
    await moderateUser(world.services, admin, { userId: creator.userId, action: 'restore' });
    expect(await payout(payoutId)).toMatchObject({ status: 'requested', holdKind: null, holdReason: null });
    expect(await sendJobs(payoutId)).toBe(2);
  });

  it('a held payout is settled only by an admin; one never sent can only fail, its money back', async () => {
    const { creator, payoutId } = await suspendedWithOpenPayout();
    const admin = await make.actor(world.t.db, { role: 'admin' });
    const decide = (outcome: string, actor = admin) =>
      settleHeldPayout(world.services, actor, { payoutId, outcome, note: 'checked with Safaricom' });
    await expect(decide('failed', creator)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(decide('paid')).rejects.toMatchObject({ code: 'conflict' });
    expect(await decide('failed')).toEqual({ status: 'failed' });
    expect(await payout(payoutId)).toMatchObject({ status: 'failed', failureReason: 'checked with Safaricom' });
    expect(await creatorBalancesInTx(world.t.db, { creatorId: creator.userId, now: new Date() })).toMatchObject({
      available: 900,
      inFlight: 0,
    });
    await expect(decide('failed')).rejects.toMatchObject({ code: 'conflict' });
  });
});
