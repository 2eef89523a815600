// Shared by the payout tests: a creator with a verified payout number and money available (a sale made
// past the holding period), and helpers to follow a payout to its end.
import type { SessionUser } from '#server/core/actor.ts';
import { toNum } from '#server/db/values.ts';
import { makeCourse, makeUser } from '../support/factories.ts';
import { makePaidSale, makeVerifiedAccount } from '../support/payoutFactories.ts';
import { eventually, type World } from './paymentsHarness.ts';

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

/** A creator whose sale of `price` has cleared the holding period, paid out to `phone`. */
export async function creatorWithEarnings(w: World, phone: string, price = 1000): Promise<SessionUser> {
  const u = await makeUser(w.t.db, { role: 'creator' });
  const course = await makeCourse(w.t.db, u, { price });
  const days = w.running.services.config.PAYOUT_HOLD_DAYS + 1;
  await makePaidSale(w.running.services, { id: course.id, price }, new Date(Date.now() - days * 86_400_000));
  await makeVerifiedAccount(w.t.db, u.id, phone);
  return { userId: u.id, role: 'creator', name: u.name, email: u.email as string, locale: 'en' };
}

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

export const toAmount = toNum;
