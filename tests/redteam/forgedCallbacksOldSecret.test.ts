// Attack: forging M-Pesa's and Africa's Talking's callbacks with the secret every install used to share
// in simulator mode (issue 23, findings 2 and 3): an open purchase confirmed paid by STK callback or
// Paybill, a sent payout "failed" by a B2C result (its money back in the balance, to be paid twice), a
// refund "failed", a delivery report. Each install now has secrets of its own (decision 0041): every
// forgery is a 404 and nothing moves.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forgedCallbacks, forgeryTargets, moneyAndAccess } from '#tests/support/forgedCallbacks.ts';
import { startWorld, type World } from '#tests/support/paymentsWorld.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld({ JOB_CONCURRENCY: '1' });
});
afterAll(async () => {
  await w?.close();
});

const OLD = {
  mpesa: 'simulator-callback-secret',
  b2c: 'simulator-callback-secret',
  sms: 'simulator-sms-report-secret',
};

it('callbacks under the old public secrets are 404s and change no purchase, access, payout or ledger line', async () => {
  const targets = await forgeryTargets(w);
  const before = await moneyAndAccess(w);
  expect(before.payments.find((p) => p.id === targets.payment.id)).toMatchObject({ status: 'pending' });
  expect(before.payouts.find((p) => p.id === targets.payout.id)).toMatchObject({ status: 'sent' });
  const forged = forgedCallbacks(targets, OLD);
  const statuses = [];
  // Twice each, as Daraja's retries would.
  for (const { path, init } of [...forged, ...forged]) statuses.push((await fetch(`${w.url}${path}`, init)).status);
  expect(statuses).toEqual(Array(18).fill(404));
  expect(await moneyAndAccess(w)).toEqual(before);

  // Control: the same paths under this install's own secrets are live (acknowledged), so the 404s above
  // are the secrets' doing. What such a message may then change is the verification's business.
  const { mpesa, sms } = w.running.services.config;
  const own = { mpesa: mpesa.callbackSecret, b2c: mpesa.b2cResultSecret, sms: sms.deliveryReportSecret! };
  // (The payout status answer's address also needs the token of a query we sent: none is open here.)
  for (const { path, init } of forgedCallbacks(targets, own).filter((f) => !f.path.includes('/b2c/status/')))
    expect((await fetch(`${w.url}${path}`, init)).status, path.replace(/\/[^/]{43,64}(\/|$)/, '/…$1')).toBe(200);
});
