// Attack: M-Pesa callbacks from outside Safaricom's addresses, with MPESA_CALLBACK_ALLOWED_IPS set — the
// worst case, where the attacker knows the install's secrets (a leaked log, a copied URL). Replayed: each
// M-Pesa callback from this machine's address, the same with a forged X-Forwarded-For naming a Safaricom
// address (no trusted proxy), and behind a trusted proxy whose last hop is the attacker. Every one is
// refused (403) before its body is read, and nothing moves. The control: a purchase whose callbacks come
// from an allowed address is paid.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forgedCallbacks, forgeryTargets, moneyAndAccess } from '#tests/support/forgedCallbacks.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';
import { PHONES, startMpesaPayment, startWorld, type World } from '#tests/support/paymentsWorld.ts';

const SAFARICOM = '196.201.214.200,196.201.212.0/24';
let w: World;
beforeAll(async () => {
  w = await startWorld({ JOB_CONCURRENCY: '1', MPESA_CALLBACK_ALLOWED_IPS: SAFARICOM });
});
afterAll(async () => {
  await w?.close();
});

it('callbacks from addresses outside the allow-list are refused, forged proxy headers included', async () => {
  const targets = await forgeryTargets(w);
  const before = await moneyAndAccess(w);
  const { mpesa } = w.running.services.config;
  const secrets = { mpesa: mpesa.callbackSecret, b2c: mpesa.b2cResultSecret, sms: 'unused' };
  // The SMS delivery report is Africa's Talking's, not M-Pesa's: its secret alone guards it.
  const forged = forgedCallbacks(targets, secrets).filter((f) => !f.path.startsWith('/api/sms/'));
  expect(forged).toHaveLength(8);
  const behindProxy = await w.start({ MPESA_CALLBACK_ALLOWED_IPS: SAFARICOM, TRUST_PROXY: 'true' });
  const attempts = [
    ...forged.map((f) => ({ base: w.url, ...f })),
    ...forged.map((f) => ({
      base: w.url,
      path: f.path,
      init: { ...f.init, headers: { ...f.init.headers, 'x-forwarded-for': '196.201.214.200' } },
    })),
    ...forged.map((f) => ({
      base: behindProxy.url,
      path: f.path,
      // What a proxy appends is the last hop: the attacker's own address, after whatever it claimed.
      init: { ...f.init, headers: { ...f.init.headers, 'x-forwarded-for': '196.201.214.200, 203.0.113.9' } },
    })),
  ];
  const statuses = [];
  for (const a of attempts) statuses.push((await fetch(`${a.base}${a.path}`, a.init)).status);
  expect(statuses).toEqual(Array(24).fill(403));
  expect(await moneyAndAccess(w)).toEqual(before);
});

it('control: with this machine in the allow-list, the simulator’s callbacks are accepted and a purchase is paid', async () => {
  const allowed = await w.start({ MPESA_CALLBACK_ALLOWED_IPS: `${SAFARICOM},127.0.0.0/8,::1` });
  const buyer = await make.actor(w.t.db);
  const { course } = await make.creatorWithCourse(w.t.db, { price: 300 });
  const started = await startMpesaPayment(w, buyer, course, PHONES.success, allowed.services);
  await eventually(async () => {
    const p = await w.t.db
      .selectFrom('payment')
      .select('status')
      .where('id', '=', started.id)
      .executeTakeFirstOrThrow();
    return p.status === 'paid';
  });
});
