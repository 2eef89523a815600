// Attack: with the callback secret, post a B2C success for a payout M-Pesa has not paid (or paid to
// another number), so Darasa marks it paid and keeps the money moved out of the creator's balance. Now a
// success only triggers a Transaction Status query: the payout settles as M-Pesa's answer says, and an
// answer that disagrees with the payout holds it for an admin with the reason. Attempts: 5 (forged success
// for a payout M-Pesa refuses, its replay, forged success for a payout M-Pesa reports to another number,
// a withdrawal while it is held, a forged failure for the held payout). Outcome: nothing settled by a
// forgery, KES out = KES M-Pesa really paid, no 5xx. Runs on SQLite and PostgreSQL.
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
  payoutRow,
  postToB2c,
  reconcileUntil,
} from '#tests/support/payoutsWorld.ts';
import { signedIn } from '#tests/support/signedIn.ts';

// M-Pesa takes 300 ms to process a payout: the forgery arrives while it is still pending.
const w = worldForFile({ JOB_CONCURRENCY: '1', PAYOUT_QUERY_AFTER_S: '1' }, { callbackDelayMs: 300 });

const secret = () => w.running.services.config.mpesa.b2cResultSecret;
const success = (payoutId: string, amount: number, phone: string) =>
  b2cResultBody(payoutId, 0, 'The service request is processed successfully.', {
    TransactionAmount: amount,
    TransactionReceipt: 'UAB1C2D3E4',
    ReceiverPartyPublicName: `${phone} - Anyone`,
  });
const balances = (creatorId: string) => creatorBalancesInTx(w.t.db, { creatorId, now: new Date() });

it('a forged success for a payout M-Pesa refuses never marks it paid; the money comes back', async () => {
  const creator = await earningCreator(w, { phone: B2C_PHONES.invalid });
  const res = await creator.request('/api/earnings/withdraw', { method: 'POST', json: {} });
  const { payoutId } = (await res.json()) as { payoutId: string };
  const answers = [
    (await postToB2c(w, `result/${secret()}`, success(payoutId, 900, B2C_PHONES.invalid))).status,
    (await postToB2c(w, `result/${secret()}`, success(payoutId, 900, B2C_PHONES.invalid))).status,
  ];
  expect(answers).toEqual([200, 200]);
  expect((await payoutRow(w, payoutId)).status).not.toBe('paid');
  await reconcileUntil(w, async () => (await payoutRow(w, payoutId)).status === 'failed');
  expect(await payoutRow(w, payoutId)).toMatchObject({ status: 'failed', receipt: null });
  expect(await payoutEntries(w, payoutId)).toEqual(['payout', 'payout_failed']);
  expect(await balances(creator.id)).toEqual({ pending: 0, available: 900, inFlight: 0, paidOut: 0 });
  expect(kesPaidOut(w)).toBe(0);
});

it('when M-Pesa’s answer disagrees with the payout, it is held for an admin with the reason', async () => {
  const creator = await earningCreator(w, { phone: B2C_PHONES.noResult });
  const admin = await signedIn({ url: w.url, t: w.t }, 'admin');
  const res = await creator.request('/api/earnings/withdraw', { method: 'POST', json: {} });
  const { payoutId } = (await res.json()) as { payoutId: string };
  await eventually(() => w.sim.b2c.payouts.get(payoutId)?.state === 'completed');
  // M-Pesa's records show the money went to another number than the payout's.
  w.sim.b2c.payouts.get(payoutId)!.phone = '254711000999';
  const answers = [(await postToB2c(w, `result/${secret()}`, success(payoutId, 900, B2C_PHONES.noResult))).status];
  await eventually(async () => (await payoutRow(w, payoutId)).holdKind === 'mismatch');
  const held = await payoutRow(w, payoutId);
  expect(held.status).toBe('sent');
  expect(held.holdReason).toMatch(/receiver as 254711000999; the payout is to 254700100404/);
  // Nothing moves while it is held: no second payout, a forged failure is ignored, the tick leaves it.
  const again = await creator.request('/api/earnings/withdraw', { method: 'POST', json: {} });
  answers.push(again.status);
  expect(again.status).toBe(409);
  answers.push((await postToB2c(w, `result/${secret()}`, b2cResultBody(payoutId, 2001, 'Invalid'))).status);
  expect(answers).toHaveLength(3);
  expect(answers.every((s) => s < 500)).toBe(true);
  expect(await balances(creator.id)).toEqual({ pending: 0, available: 0, inFlight: 900, paidOut: 0 });
  // The creator sees it being checked; the admin sees why, and settles it after asking Safaricom.
  const earnings = await (await creator.request('/api/earnings')).json();
  expect(earnings.payouts[0]).toMatchObject({ id: payoutId, held: true });
  const list = await (await admin.request('/api/admin/payouts')).json();
  expect(list.items.find((p: { id: string }) => p.id === payoutId)).toMatchObject({
    holdKind: 'mismatch',
    holdReason: held.holdReason,
  });
  const settle = await admin.request(`/api/admin/payouts/${payoutId}/settle`, {
    method: 'POST',
    json: { outcome: 'paid', note: 'Safaricom confirmed the transfer to the creator' },
  });
  expect(settle.status).toBe(200);
  expect((await finalPayout(w, payoutId)).status).toBe('paid');
  expect(await balances(creator.id)).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 900 });
  expect(kesPaidOut(w)).toBe(900);
});
