// For the payout tests on a payments world: the simulator's B2C numbers, and following a payout to its end.
import { eventually } from './eventually.ts';
import type { World } from './paymentsWorld.ts';

/** Receiving numbers and what the simulator does with a B2C payment to them (simulators/mpesa/b2cOutcomes.ts). */
export const B2C_PHONES = {
  paid: '254708374149',
  invalid: '254700100007',
  notRegistered: '254700102040',
  insufficientFloat: '254700100001',
  queueTimeout: '254700100408',
  resultTwice: '254700100002',
  noResult: '254700100404',
  late: '254700100409',
} as const;

export const payoutRow = (w: World, id: string) =>
  w.t.db.selectFrom('payout').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Waits until the payout is paid or failed. */
export const finalPayout = (w: World, id: string) =>
  eventually(async () => {
    const p = await payoutRow(w, id);
    return p.status === 'paid' || p.status === 'failed' ? p : null;
  });

export const payoutEntries = async (w: World, payoutId: string) =>
  (await w.t.db.selectFrom('journalEntry').select('kind').where('payoutId', '=', payoutId).execute())
    .map((e) => e.kind)
    .sort();

export const b2cRequests = (w: World) => w.sim.received.filter((r) => r.path === '/mpesa/b2c/v3/paymentrequest');
