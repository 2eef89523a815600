// For the payout tests on a payments world: the simulator's B2C numbers, and following a payout to its end.
import { reconcilePayouts } from '#server/modules/payouts/reconcilePayouts.ts';
import { eventually } from './eventually.ts';
import { make } from './factories/index.ts';
import type { World } from './paymentsWorld.ts';
import { servicesAt } from './servicesAt.ts';
import { signedIn } from './signedIn.ts';

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

/** KES M-Pesa actually paid out: the simulator's completed B2C transfers. */
export const kesPaidOut = (w: World) =>
  [...w.sim.b2c.payouts.values()].filter((p) => p.state === 'completed').reduce((s, p) => s + p.amount, 0);

/** A creator signed in over HTTP, KES `price` sold four days ago (past the hold) and a verified number. */
export async function earningCreator(w: World, { phone, price = 1000 }: { phone: string; price?: number }) {
  const creator = await signedIn({ url: w.url, t: w.t }, 'creator');
  const course = await make.course(w.t.db, { creator: { id: creator.id, name: 'C' }, price });
  await make.paidSale(w.running.services, {
    course: { id: course.id, price },
    at: new Date(Date.now() - 4 * 86_400_000),
  });
  await make.payoutAccount(w.t.db, { creatorId: creator.id, phone });
  return creator;
}

/** A B2C result body as Daraja documents it, as anyone who learnt the callback secret could post it. */
export function b2cResultBody(
  payoutId: string,
  code: number,
  desc: string,
  params: Record<string, string | number> = {},
): object {
  return {
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: desc,
      OriginatorConversationID: payoutId,
      TransactionID: 'UAB1C2D3E4',
      ResultParameters: { ResultParameter: Object.entries(params).map(([Key, Value]) => ({ Key, Value })) },
    },
  };
}

/** A Transaction Status result body as Daraja documents it, with these ResultParameters. */
export const statusResultBody = (params: Record<string, string | number>): object => ({
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request has been accepted successsfully.',
    OriginatorConversationID: 'query-id',
    ConversationID: 'AG_query',
    ResultParameters: { ResultParameter: Object.entries(params).map(([Key, Value]) => ({ Key, Value })) },
  },
});

/** POSTs a body to one of the payout callback URLs (path after /api/mpesa/b2c/, secret included). */
export const postToB2c = (w: World, path: string, body: object) =>
  fetch(`${w.running.url}/api/mpesa/b2c/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The payouts tick's status queries, run a little in the future (past PAYOUT_QUERY_AFTER_S) until `done`. */
export const reconcileUntil = (w: World, done: () => Promise<boolean>) =>
  eventually(async () => {
    if (await done()) return true;
    await reconcilePayouts(servicesAt(w.running.services, new Date(Date.now() + 5000)));
    return false;
  });
