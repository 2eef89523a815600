import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '#server/core/services.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { getDashboard } from './getDashboard.ts';
import { nairobiMonthBounds, nairobiMonthStart } from '../shared/nairobiTime.ts';
import { make } from '#tests/support/factories/index.ts';

let t: TestDatabase;
let services: Services;
beforeEach(async () => {
  t = await createTestDatabase();
  services = testServices(t, {}, { now: () => NOW });
});
afterEach(async () => {
  await t.close();
});

const at = (iso: string) => new Date(iso);
// "Now" is mid-November 2026 in Nairobi.
const NOW = at('2026-11-15T09:00:00Z');
const dashboard = () => getDashboard(services, { userId: 'admin', role: 'admin' });

describe('admin dashboard figures', () => {
  it('uses Nairobi calendar months: 2026-10-31T22:30Z is already November', () => {
    expect(nairobiMonthStart(NOW).toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(nairobiMonthStart(NOW, -1).toISOString()).toBe('2026-09-30T21:00:00.000Z');
    expect(nairobiMonthStart(at('2026-01-10T00:00:00Z'), -1).toISOString()).toBe('2025-11-30T21:00:00.000Z');
    // The creator's statement for "2026-11" covers the same instants.
    const { from, to } = nairobiMonthBounds('2026-11');
    expect([from.toISOString(), to.toISOString()]).toEqual(['2026-10-31T21:00:00.000Z', '2026-11-30T21:00:00.000Z']);
    expect(nairobiMonthBounds('2026-12').to.toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('counts users by role, courses by status and computes growth from the data', async () => {
    const admin = await make.user(t.db, { role: 'admin', createdAt: at('2026-01-01T00:00:00Z') });
    const creator = await make.user(t.db, { role: 'creator', createdAt: at('2026-10-10T10:00:00Z') });
    // October in Nairobi: 2 customers; November: 3 (one of them at 22:30Z on Oct 31, which is Nov 1 01:30 EAT).
    const oct = ['2026-10-01T00:00:00Z', '2026-10-31T20:59:59Z'];
    const nov = ['2026-10-31T22:30:00Z', '2026-11-02T08:00:00Z', '2026-11-14T08:00:00Z'];
    const customers = [];
    for (const c of [...oct, ...nov]) customers.push(await make.user(t.db, { role: 'customer', createdAt: at(c) }));
    await make.user(t.db, { role: 'customer', status: 'suspended', createdAt: at('2026-03-01T00:00:00Z') });

    const c1 = await make.course(t.db, {
      creator,
      price: 1000,
      published: true,
      featured: true,
      createdAt: at('2026-10-12T00:00:00Z'),
    });
    const c2 = await make.course(t.db, {
      creator,
      price: 2500,
      published: true,
      createdAt: at('2026-11-03T00:00:00Z'),
    });
    await make.course(t.db, { creator, published: false, createdAt: at('2026-11-04T00:00:00Z') });

    // October: 1000 + 2500 paid. November: 1000 paid at the boundary, 2500 paid, 2500 paid then refunded in
    // November; plus failed/pending attempts that must not count.
    await make.payment(t.db, { buyer: customers[0]!, course: c1, createdAt: at('2026-10-05T10:00:00Z') });
    const octPaid = await make.payment(t.db, {
      buyer: customers[1]!,
      course: c2,
      createdAt: at('2026-10-20T10:00:00Z'),
    });
    await make.payment(t.db, { buyer: customers[2]!, course: c1, createdAt: at('2026-10-31T22:30:00Z') });
    await make.payment(t.db, { buyer: customers[3]!, course: c2, createdAt: at('2026-11-05T10:00:00Z') });
    const refunded = await make.payment(t.db, {
      buyer: customers[4]!,
      course: c2,
      createdAt: at('2026-11-06T10:00:00Z'),
    });
    await make.refund(t.db, { payment: refunded, actorId: admin.id, at: at('2026-11-07T10:00:00Z') });
    // An October purchase refunded in November: October keeps its revenue, November loses it.
    await make.refund(t.db, { payment: octPaid, actorId: admin.id, at: at('2026-11-08T10:00:00Z') });
    await make.payment(t.db, {
      buyer: customers[3]!,
      course: c1,
      status: 'failed',
      createdAt: at('2026-11-09T10:00:00Z'),
    });
    await make.payment(t.db, {
      buyer: customers[4]!,
      course: c1,
      status: 'pending',
      createdAt: at('2026-11-09T11:00:00Z'),
    });

    const d = await dashboard();
    expect(d.users).toEqual({
      total: 8,
      customer: 6,
      creator: 1,
      admin: 1,
      suspended: 1,
      new: { thisMonth: 3, lastMonth: 3, growthPct: 0 },
    });
    expect(d.courses).toEqual({
      total: 3,
      published: 2,
      draft: 1,
      featured: 1,
      new: { thisMonth: 2, lastMonth: 1, growthPct: 100 },
    });
    expect(d.purchases).toEqual({ total: 5, refunded: 2, new: { thisMonth: 3, lastMonth: 2, growthPct: 50 } });
    // Gross 1000+2500+1000+2500+2500 = 9500, refunds 5000.
    // October: 3500. November: 1000+2500+2500 − 2500 − 2500 = 1000 → −71.4%.
    expect(d.revenue).toEqual({
      total: 4500,
      refunded: 5000,
      new: { thisMonth: 1000, lastMonth: 3500, growthPct: -71.4 },
    });
  });

  it('reports no growth percentage when last month had nothing, and zeros on an empty platform', async () => {
    const d = await dashboard();
    expect(d.revenue).toEqual({ total: 0, refunded: 0, new: { thisMonth: 0, lastMonth: 0, growthPct: null } });
    expect(d.users.total).toBe(0);
    await make.user(t.db, { role: 'customer', createdAt: at('2026-11-01T00:00:00Z') });
    expect((await dashboard()).users.new).toEqual({ thisMonth: 1, lastMonth: 0, growthPct: null });
  });

  it('keeps the figures exact through updates and deletes (role, status, publish, payment settling, refunds)', async () => {
    const admin = await make.user(t.db, { role: 'admin', createdAt: at('2026-11-01T00:00:00Z') });
    const creator = await make.user(t.db, { role: 'creator', createdAt: at('2026-11-01T00:00:00Z') });
    const buyer = await make.user(t.db, { role: 'customer', createdAt: at('2026-11-02T00:00:00Z') });
    const gone = await make.user(t.db, { role: 'customer', createdAt: at('2026-10-02T00:00:00Z') });
    const course = await make.course(t.db, {
      creator,
      price: 1200,
      published: false,
      createdAt: at('2026-11-03T00:00:00Z'),
    });
    const pending = await make.payment(t.db, {
      buyer,
      course,
      status: 'pending',
      createdAt: at('2026-11-04T00:00:00Z'),
    });

    await t.db.updateTable('user').set({ role: 'creator', status: 'suspended' }).where('id', '=', buyer.id).execute();
    await t.db.deleteFrom('user').where('id', '=', gone.id).execute();
    await t.db.updateTable('course').set({ published: true, featured: true }).where('id', '=', course.id).execute();
    // The payment settles in November: it becomes a purchase then.
    await t.db
      .updateTable('payment')
      .set({ status: 'paid', paidAt: at('2026-11-05T00:00:00Z') })
      .where('id', '=', pending.id)
      .execute();
    let d = await dashboard();
    expect(d.users).toMatchObject({
      total: 3,
      customer: 0,
      creator: 2,
      admin: 1,
      suspended: 1,
      new: { thisMonth: 3, lastMonth: 0 },
    });
    expect(d.courses).toMatchObject({ total: 1, published: 1, draft: 0, featured: 1 });
    expect(d.purchases).toMatchObject({ total: 1, new: { thisMonth: 1, lastMonth: 0 } });
    expect(d.revenue).toMatchObject({ total: 1200, new: { thisMonth: 1200 } });

    // Refunded: still a purchase, no longer revenue.
    await make.refund(t.db, {
      payment: { id: pending.id, amount: 1200 },
      actorId: admin.id,
      at: at('2026-11-06T00:00:00Z'),
    });
    d = await dashboard();
    expect(d.purchases).toMatchObject({ total: 1, refunded: 1 });
    expect(d.revenue).toMatchObject({ total: 0, refunded: 1200, new: { thisMonth: 0 } });

    await t.db.deleteFrom('course').where('id', '=', course.id).execute();
    d = await dashboard();
    expect(d.courses).toMatchObject({ total: 0, published: 0, featured: 0 });
    expect(d.purchases.total).toBe(0);
  });
});
