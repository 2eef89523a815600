// Attack (issue 23, finding 3): with the callback secret, post ResultCode 0 for the KES 1 payout number
// check, so a number M-Pesa never paid is "verified" under any name. Now only a Transaction Status answer
// that agrees (KES 1, that number, a registered name) verifies a number. Attempts: 3 (forged success with
// another name, its replay, a forged status answer). Outcome: the number stays unverified, no 5xx.
// Runs on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { worldForFile } from '#tests/support/paymentsWorld.ts';
import {
  B2C_PHONES,
  b2cResultBody,
  finalPayout,
  postToB2c,
  reconcileUntil,
  payoutRow,
  statusResultBody,
} from '#tests/support/payoutsWorld.ts';
import { signedIn } from '#tests/support/signedIn.ts';

const w = worldForFile({ JOB_CONCURRENCY: '1', PAYOUT_QUERY_AFTER_S: '1' }, { callbackDelayMs: 300 });

it('a forged result for the KES 1 check verifies nothing', async () => {
  const secret = w.running.services.config.mpesa.b2cResultSecret;
  const creator = await signedIn({ url: w.url, t: w.t }, 'creator');
  // M-Pesa does not recognise this number: the KES 1 transfer fails.
  const set = await creator.request('/api/earnings/payout-number', {
    method: 'PUT',
    json: { phone: B2C_PHONES.invalid },
  });
  expect(set.status).toBe(202);
  const { payoutId } = (await set.json()) as { payoutId: string };
  const forged = b2cResultBody(payoutId, 0, 'The service request is processed successfully.', {
    TransactionAmount: 1,
    TransactionReceipt: 'UAB1C2D3E4',
    ReceiverPartyPublicName: `${B2C_PHONES.invalid} - Wanjiru Kamau`,
  });
  const answers = [
    (await postToB2c(w, `result/${secret}`, forged)).status,
    (await postToB2c(w, `result/${secret}`, forged)).status,
    (
      await postToB2c(
        w,
        `status/${secret}/${payoutId}/guessedToken00000`,
        statusResultBody({
          TransactionStatus: 'Completed',
          Amount: 1,
          OriginatorConversationID: payoutId,
          CreditPartyName: `${B2C_PHONES.invalid} - Wanjiru Kamau`,
        }),
      )
    ).status,
  ];
  expect(answers).toEqual([200, 200, 404]);
  await reconcileUntil(w, async () => (await payoutRow(w, payoutId)).status === 'failed');
  expect((await finalPayout(w, payoutId)).status).toBe('failed');
  const earnings = await (await creator.request('/api/earnings')).json();
  expect(earnings.account).toMatchObject({
    phone: B2C_PHONES.invalid,
    verifiedPhone: null,
    verifiedName: null,
    verifying: false,
  });
  // Payouts need a verified number: withdrawing is refused.
  expect((await creator.request('/api/earnings/withdraw', { method: 'POST', json: {} })).status).toBe(409);
});
