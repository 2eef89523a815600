// Attack (issue 23, finding 10): a suspended creator keeps being paid: scheduled payouts did not look at
// suspension. Now nothing is sent to a suspended creator, by schedule or by hand, and what is due goes out
// once the account is restored. Attempts: 4 (the creator's withdrawal and number change after suspension,
// two scheduled runs). Outcome: no B2C request while suspended, paid once after restore, no 5xx.
// Runs on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { runScheduledPayouts } from '#server/modules/payouts/runScheduledPayouts.ts';
import { worldForFile } from '#tests/support/paymentsWorld.ts';
import { B2C_PHONES, b2cRequests, earningCreator, finalPayout, kesPaidOut } from '#tests/support/payoutsWorld.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { signedIn } from '#tests/support/signedIn.ts';

const w = worldForFile({ JOB_CONCURRENCY: '1' });

it('a suspended creator is paid nothing, by schedule or by hand, and is paid once after restore', async () => {
  const creator = await earningCreator(w, { phone: B2C_PHONES.paid });
  const admin = await signedIn({ url: w.url, t: w.t }, 'admin');
  expect((await creator.request('/api/earnings/schedule', { method: 'PUT', json: { schedule: 'daily' } })).status).toBe(
    200,
  );
  const suspend = await admin.request(`/api/admin/users/${creator.id}/suspend`, {
    method: 'POST',
    json: { reason: 'fraud check' },
  });
  expect(suspend.status).toBe(200);

  // Two days on, past two 09:00 runs.
  const later = servicesAt(w.running.services, new Date(Date.now() + 2 * 86_400_000));
  const answers = [
    (await creator.request('/api/earnings/withdraw', { method: 'POST', json: {} })).status,
    (await creator.request('/api/earnings/payout-number', { method: 'PUT', json: { phone: B2C_PHONES.paid } })).status,
  ];
  expect(answers.every((s) => s >= 400 && s < 500)).toBe(true);
  expect(await runScheduledPayouts(later)).toBe(0);
  expect(await runScheduledPayouts(later)).toBe(0);
  expect(await w.t.db.selectFrom('payout').select('id').where('creatorId', '=', creator.id).execute()).toEqual([]);
  expect(b2cRequests(w)).toEqual([]);

  const restore = await admin.request(`/api/admin/users/${creator.id}/restore`, { method: 'POST', json: {} });
  expect(restore.status).toBe(200);
  expect(await runScheduledPayouts(later)).toBe(1);
  const { id } = await w.t.db
    .selectFrom('payout')
    .select('id')
    .where('creatorId', '=', creator.id)
    .executeTakeFirstOrThrow();
  expect((await finalPayout(w, id)).status).toBe('paid');
  expect(kesPaidOut(w)).toBe(900);
  expect(await runScheduledPayouts(later)).toBe(0);
});
