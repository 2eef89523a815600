import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { DomainError } from '#server/core/errors.ts';
import { statusOf } from '#tests/support/errorStatus.ts';
import type { Services } from '#server/core/services.ts';
import { testServices } from '#tests/support/testServices.ts';
import { listCourses } from './listCourses.ts';
import { listAllPurchases } from './listAllPurchases.ts';
import { listUsers } from './listUsers.ts';
import { make } from '#tests/support/factories/index.ts';

let t: TestDatabase;
let services: Services;
const admin = { userId: 'admin', role: 'admin' } as const;
beforeEach(async () => {
  t = await createTestDatabase();
  services = testServices(t);
});
afterEach(async () => {
  await t.close();
});

const users = async (q: Record<string, string>) => listUsers(services, admin, q);

describe('admin lists', () => {
  it('pages through every user exactly once, even while new users sign up between pages', async () => {
    // Equal timestamps force the id tiebreak to do its job.
    const same = new Date('2026-05-01T00:00:00Z');
    for (let i = 0; i < 23; i++)
      await make.user(t.db, { role: 'customer', createdAt: i % 2 ? same : new Date(Date.UTC(2026, 4, 1, 0, i)) });
    const seen: string[] = [];
    let page = await users({ size: '5' });
    seen.push(...page.items.map((u) => u.id));
    let newcomers = 0;
    while (page.next) {
      // A sign-up lands between two page loads: it is newer than everything listed, so it must not shift pages.
      await make.user(t.db, { role: 'customer', createdAt: new Date('2026-12-01T00:00:00Z') });
      newcomers++;
      page = await users({ size: '5', after: page.next });
      seen.push(...page.items.map((u) => u.id));
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(newcomers).toBe(4);

    // Going back from the second page gives the first page again.
    const first = await users({ size: '5' });
    const second = await users({ size: '5', after: first.next! });
    const back = await users({ size: '5', before: second.prev! });
    expect(back.items.map((u) => u.id)).toEqual(first.items.map((u) => u.id));
    expect(back.prev).toBeNull();
  });

  it('sorts by an allowed column in either direction and filters by role', async () => {
    for (const name of ['Charlie', 'alice', 'Bob']) await make.user(t.db, { name, role: 'creator' });
    await make.user(t.db, { name: 'Zed', role: 'customer' });
    const asc = await users({ sort: 'name', dir: 'asc', role: 'creator' });
    expect(asc.items.map((u) => u.name).sort()).toEqual(['Bob', 'Charlie', 'alice'].sort());
    const names = asc.items.map((u) => u.name);
    const desc = await users({ sort: 'name', dir: 'desc', role: 'creator' });
    expect(desc.items.map((u) => u.name)).toEqual([...names].reverse());
  });

  it('treats search text literally: SQL and LIKE wildcards match only themselves', async () => {
    await make.user(t.db, { name: '100% Real' });
    await make.user(t.db, { name: 'a_b' });
    await make.user(t.db, { name: 'axb' });
    await make.user(t.db, { name: "O'Brien" });
    await make.user(t.db, { name: 'back\\slash' });
    expect((await users({ q: '%' })).items.map((u) => u.name)).toEqual(['100% Real']);
    expect((await users({ q: '_' })).items.map((u) => u.name)).toEqual(['a_b']);
    expect((await users({ q: "o'brien" })).items.map((u) => u.name)).toEqual(["O'Brien"]);
    expect((await users({ q: '\\' })).items.map((u) => u.name)).toEqual(['back\\slash']);
    expect((await users({ q: "' or 1=1 --" })).items).toEqual([]);
    expect((await users({ q: 'AXB' })).items.map((u) => u.name)).toEqual(['axb']);
    const total = await t.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(5);
  });

  it('refuses bad sizes, unknown sorts, forged cursors and unknown parameters with a 400', async () => {
    const bad: Record<string, string>[] = [
      { size: '0' },
      { size: '101' },
      { size: '-5' },
      { size: 'ten' },
      { size: '2.5' },
      { sort: 'password' },
      { sort: 'name; drop table user' },
      { dir: 'sideways' },
      { after: 'not-a-cursor' },
      { after: Buffer.from('["x","bad id!"]').toString('base64url') },
      { after: 'abc', before: 'abc' },
      { page: '2' },
      { role: 'superuser' },
      { q: 'x'.repeat(101) },
    ];
    for (const q of bad) {
      const err = await users(q).catch((e: unknown) => e);
      expect(err, JSON.stringify(q)).toBeInstanceOf(DomainError);
      expect(statusOf(err)).toBe(400);
    }
  });

  it('lists courses by status and search, and purchases with buyer and course', async () => {
    const creator = await make.user(t.db, { name: 'Wanjiru' });
    const buyer = await make.user(t.db, { role: 'customer', email: 'buyer@example.com' });
    const c1 = await make.course(t.db, { creator, title: 'Kiswahili 101', price: 900 });
    await make.course(t.db, { creator, title: 'Draft course', published: false });
    const courses = await listCourses(services, admin, { status: 'draft' });
    expect(courses.items.map((c) => c.title)).toEqual(['Draft course']);
    const byCreator = await listCourses(services, admin, { q: 'wanjiru', sort: 'title', dir: 'asc' });
    expect(byCreator.items.map((c) => c.title)).toEqual(['Draft course', 'Kiswahili 101']);

    const p = await make.payment(t.db, { buyer, course: c1 });
    await make.payment(t.db, { buyer, course: c1, status: 'failed' });
    const paid = await listAllPurchases(services, admin, { status: 'paid' });
    expect(paid.items).toHaveLength(1);
    expect(paid.items[0]).toMatchObject({
      id: p.id,
      amount: 900,
      userEmail: 'buyer@example.com',
      courseTitle: 'Kiswahili 101',
    });
    const byReceipt = await listAllPurchases(services, admin, { q: p.mpesaReceipt!.toLowerCase() });
    expect(byReceipt.items.map((i) => i.id)).toEqual([p.id]);
    const byAmount = await listAllPurchases(services, admin, { sort: 'amount', size: '1' });
    expect(byAmount.items).toHaveLength(1);
    expect(byAmount.next).not.toBeNull();
  });
});
