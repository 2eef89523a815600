// Attack (issue 23, finding 3): with the callback secret, post ResultCode 2001 naming a payout M-Pesa has
// paid, so Darasa returns the money to the balance, then withdraw it again: paid twice. Now a B2C result
// is only a trigger; the Transaction Status answer (Completed) settles the payout paid, once. Attempts: 6
// (forged failure, withdrawal while it is open, forged status answer, withdrawal after, replayed forged
// failure, forged queue time-out). Outcome: KES out = KES earned, no 5xx. Runs on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { creatorBalancesInTx } from '#server/modules/ledger/creatorBalancesInTx.ts';
import { eventually } from '#tests/support/eventually.ts';
import { worldForFile } from '#tests/support/paymentsWorld.ts';
import {
  B2C_PHONES,
  b2cResultBody,
  earningCreator,
  finalPayout,
  kesPaidOut,
  payoutEntries,
  postToB2c,
  statusResultBody,
} from '#tests/support/payoutsWorld.ts';

const w = worldForFile({ JOB_CONCURRENCY: '1', PAYOUT_QUERY_AFTER_S: '1' });

it('a forged B2C failure returns no money and a second withdrawal pays nothing: paid once', async () => {
  const secret = w.running.services.config.mpesa.b2cResultSecret;
  // M-Pesa pays this number but sends no result: the forgery is the only result Darasa hears.
  const creator = await earningCreator(w, { phone: B2C_PHONES.noResult });
  const withdraw = () => creator.request('/api/earnings/withdraw', { method: 'POST', json: {} });
  const first = await withdraw();
  expect(first.status).toBe(202);
  const { payoutId } = (await first.json()) as { payoutId: string };
  await eventually(() => w.sim.b2c.payouts.get(payoutId)?.state === 'completed');
  const answers: number[] = [];

  // 1. The forged failure: acknowledged like any result, it only makes Darasa ask M-Pesa.
  const forged = b2cResultBody(payoutId, 2001, 'The initiator information is invalid.');
  answers.push((await postToB2c(w, `result/${secret}`, forged)).status);
  // 2. The second withdrawal at once: the first payout is still open, its money in flight.
  const second = await withdraw();
  answers.push(second.status);
  expect(second.status).toBe(409);
  // 3. A forged Transaction Status answer "Failed": no query of ours has that URL.
  const forgedStatus = statusResultBody({
    TransactionStatus: 'Failed',
    Amount: 900,
    OriginatorConversationID: payoutId,
  });
  const guessed = await postToB2c(w, `status/${secret}/${payoutId}/guessedToken00000`, forgedStatus);
  answers.push(guessed.status);
  expect(guessed.status).toBe(404);

  // Transaction Status, asked because of the forged result, says Completed.
  const settled = await finalPayout(w, payoutId);
  expect(settled).toMatchObject({ status: 'paid', receipt: w.sim.b2c.payouts.get(payoutId)!.receipt });

  // 4–6. Withdraw again, replay the forged failure, forge a queue time-out: nothing moves.
  answers.push((await withdraw()).status);
  answers.push((await postToB2c(w, `result/${secret}`, forged)).status);
  answers.push((await postToB2c(w, `timeout/${secret}`, forged)).status);
  expect(answers).toHaveLength(6);
  expect(answers.every((s) => s < 500)).toBe(true);

  expect((await finalPayout(w, payoutId)).status).toBe('paid');
  expect(await payoutEntries(w, payoutId)).toEqual(['payout', 'payout_paid']);
  expect(await w.t.db.selectFrom('payout').select('id').where('creatorId', '=', creator.id).execute()).toHaveLength(1);
  // KES out equals KES earned (1,000 sold, 10% fee): once.
  expect(kesPaidOut(w)).toBe(900);
  expect(await creatorBalancesInTx(w.t.db, { creatorId: creator.id, now: new Date() })).toEqual({
    pending: 0,
    available: 0,
    inFlight: 0,
    paidOut: 900,
  });
});
