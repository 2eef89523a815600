// The payout HTTP surface as a user or attacker meets it: creators only for earnings, admins only for the
// admin routes, Daraja results refused without the secret or for unknown payouts, bad input a clear 4xx
// that changes nothing, the statement as CSV, admin holds and adjustments.
import { beforeAll, describe, expect, it } from 'vitest';
import { adjustBalance } from '#server/modules/payouts/adjustBalance.ts';
import { holdPayouts } from '#server/modules/payouts/holdPayouts.ts';
import { formatStamp } from '#common/i18n/formatting.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { worldForFile } from '#tests/support/paymentsWorld.ts';
import { B2C_PHONES, finalPayout } from '#tests/support/payoutsWorld.ts';

const w = worldForFile({ JOB_CONCURRENCY: '1' });
let creator: Client;
let customer: Client;
let creatorId: string;
beforeAll(async () => {
  creator = new Client(w.running.url);
  await creator.register(newRegistration({ role: 'creator' }));
  creatorId = (await creator.session())!.user.id;
  customer = new Client(w.running.url);
  await customer.register(newRegistration());
  const course = await make.course(w.t.db, { creator: { id: creatorId, name: 'C' }, price: 1500, title: '=cmd|calc' });
  await make.paidSale(w.running.services, {
    course: { id: course.id, price: 1500 },
    at: new Date(Date.now() - 4 * 86_400_000),
  });
  await make.payoutAccount(w.t.db, { creatorId, phone: B2C_PHONES.paid });
});

const secret = () => w.running.services.config.mpesa.b2cResultSecret;

describe('payout HTTP API', () => {
  it('each payee sees and moves only their own earnings', async () => {
    const visitor = new Client(w.running.url);
    expect((await visitor.request('/api/earnings')).status).toBe(401);
    // A customer is a payee too (an affiliate's commissions, decision 0067): their own balances, all zero,
    // and nothing to withdraw without a verified number.
    const theirs = await customer.request('/api/earnings');
    expect(theirs.status).toBe(200);
    expect((await theirs.json()).balances).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 0 });
    expect((await customer.request('/api/earnings/withdraw', { method: 'POST', json: {} })).status).toBe(409);
    expect((await customer.request('/api/admin/payouts')).status).toBe(403);
    expect((await creator.request('/api/admin/payouts')).status).toBe(403);
    const res = await creator.request('/api/earnings');
    expect(res.status).toBe(200);
    expect((await res.json()).balances).toEqual({ pending: 0, available: 1350, inFlight: 0, paidOut: 0 });
  });

  it('bad input is a 4xx and changes nothing', async () => {
    for (const json of [{ amount: 'lots' }, { amount: 12.5 }, { amount: -5 }, { amount: 50 }, { amount: 99_999 }]) {
      const res = await creator.request('/api/earnings/withdraw', { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(
      (await creator.request('/api/earnings/payout-number', { method: 'PUT', json: { phone: '12' } })).status,
    ).toBe(400);
    expect(
      (await creator.request('/api/earnings/schedule', { method: 'PUT', json: { schedule: 'hourly' } })).status,
    ).toBe(400);
    expect((await creator.request('/api/earnings/statement?month=2026-13')).status).toBe(400);
    const raw = await creator.request('/api/earnings/withdraw', {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(await w.t.db.selectFrom('payout').selectAll().execute()).toEqual([]);
  });

  it('Daraja results need the secret and a payout of ours; forged bodies are refused', async () => {
    const body = { Result: { ResultCode: 0, ResultDesc: 'ok', OriginatorConversationID: 'nope', ConversationID: 'x' } };
    const post = (path: string, json: unknown) =>
      fetch(`${w.running.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    expect((await post('/api/mpesa/b2c/result/wrong-secret-0000000', body)).status).toBe(404);
    expect((await post(`/api/mpesa/b2c/result/${secret()}`, body)).status).toBe(404);
    expect((await post(`/api/mpesa/b2c/result/${secret()}`, { hello: 1 })).status).toBe(400);
    expect((await post(`/api/mpesa/b2c/status/${secret()}/nope/token`, body)).status).toBe(404);
  });

  it('withdraws, pays, and the month statement is CSV with sales, fees and payouts', async () => {
    const res = await creator.request('/api/earnings/withdraw', { method: 'POST', json: { amount: 1000 } });
    expect(res.status).toBe(202);
    const { payoutId } = (await res.json()) as { payoutId: string };
    expect((await finalPayout(w, payoutId)).status).toBe('paid');
    const month = formatStamp(new Date(Date.now() - 4 * 86_400_000), 'day').slice(0, 7);
    const csv = await creator.request(`/api/earnings/statement?month=${month}&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toContain('sale,Sale: =cmd|calc,1500,150,1350');
    const thisMonth = await (
      await creator.request(`/api/earnings/statement?month=${formatStamp(new Date(), 'day').slice(0, 7)}`)
    ).json();
    expect(thisMonth.totals.payouts).toBe(1000);
  });

  it('an admin hold (with its reason) stops withdrawals; an adjustment moves the balance; both audited', async () => {
    const a = await make.user(w.t.db, { role: 'admin' });
    const actor = { userId: a.id, role: 'admin' as const };
    await holdPayouts(w.running.services, actor, { creatorId, hold: true, reason: 'Identity check pending.' });
    const refused = await creator.request('/api/earnings/withdraw', { method: 'POST', json: {} });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/on hold: Identity check pending/);
    await adjustBalance(w.running.services, actor, { creatorId, amount: -50, reason: 'Chargeback fee' });
    expect((await (await creator.request('/api/earnings')).json()).balances.available).toBe(300);
    const audit = await w.t.db
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .where('actorId', '=', a.id)
      .execute();
    expect(audit.map((x) => x.action).sort()).toEqual(['ledger.adjust', 'payout.hold']);
  });
});
