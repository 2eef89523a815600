// Replays the M-Pesa prompt flood of issue 23 (33 prompts to one phone in half a second from three new
// accounts) and its twin (one account prompting many phones), over real HTTP against a real app: past the
// budgets every request answers 429 with Retry-After, the simulator receives no further STK push, and
// nothing else moves (no 5xx, no payment paid, no enrollment). The phone's owner can still buy, and a
// learner retrying a failed prompt a few times never meets a limit.
import { beforeAll, describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import { PHONES, newKey, pushes, worldForFile } from '#tests/support/paymentsWorld.ts';

// The defaults (server/config/config.ts; decision 0040).
const PER_PHONE = 6;
const PER_ACCOUNT = 10;

const w = worldForFile();
let courses: { id: string; price: number }[];
beforeAll(async () => {
  const creator = await make.user(w.t.db, { role: 'creator' });
  courses = [];
  for (let i = 0; i < 12; i++) courses.push(await make.course(w.t.db, { creator, price: 1500 }));
});

const buy = (p: Person, course: { id: string; price: number }, phone: string) =>
  p.request('/api/payments', {
    method: 'POST',
    json: { courseId: course.id, amount: course.price, phone, idempotencyKey: newKey() },
  });

const pushesTo = (phone: string) => pushes(w.sim).filter((r) => JSON.stringify(r.body).includes(phone)).length;

async function nothingMoved(accounts: Person[]) {
  const ids = accounts.map((a) => a.id);
  const paid = await w.t.db.selectFrom('payment').select('id').where('status', '=', 'paid').execute();
  const enrolled = await w.t.db.selectFrom('enrollment').select('id').where('userId', 'in', ids).execute();
  expect(paid).toEqual([]);
  expect(enrolled).toEqual([]);
}

describe('an M-Pesa prompt flood', () => {
  it('many new accounts, one phone: 33 requests at once send the phone its budget of prompts, the rest are 429', async () => {
    const victim = '254711000001';
    const accounts = await Promise.all([0, 1, 2].map(() => signedIn(w, 'customer')));
    const answers = await Promise.all(accounts.flatMap((a) => courses.slice(0, 11).map((c) => buy(a, c, victim))));
    const statuses = answers.map((r) => r.status);
    expect(statuses).toHaveLength(33);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 202)).toHaveLength(PER_PHONE);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(33 - PER_PHONE);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused[0]!.json()) as { error: { message: string } };
    expect(body.error.message).toBe('Too many M-Pesa prompts for this number or account.');
    expect(pushesTo(victim)).toBe(PER_PHONE);

    // A new account keeps trying: still refused, and still no prompt reaches the phone.
    const late = await signedIn(w, 'customer');
    const again = await buy(late, courses[11]!, victim);
    expect(again.status).toBe(429);
    expect(pushesTo(victim)).toBe(PER_PHONE);
    await nothingMoved([...accounts, late]);
  });

  it("the number's owner (phone proven by a code) can still buy while strangers are refused", async () => {
    const owned = '254711000002';
    const strangers = await Promise.all([0, 1].map(() => signedIn(w, 'customer')));
    const flood = await Promise.all(strangers.flatMap((s) => courses.slice(0, 6).map((c) => buy(s, c, owned))));
    expect(flood.filter((r) => r.status === 429)).toHaveLength(12 - PER_PHONE);
    const owner = await signedIn(w, 'customer');
    await w.t.db.updateTable('user').set({ phone: owned, phoneVerified: true }).where('id', '=', owner.id).execute();
    const mine = await buy(owner, courses[0]!, owned);
    expect(mine.status).toBe(202);
    expect(pushesTo(owned)).toBe(PER_PHONE + 1);
  });

  it('one account, many phones: the account gets its budget of prompts, the rest are 429 and reach nobody', async () => {
    const account = await signedIn(w, 'customer');
    const phones = courses.map((_, i) => `2547120000${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(courses.map((c, i) => buy(account, c, phones[i]!)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 202)).toHaveLength(PER_ACCOUNT);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(courses.length - PER_ACCOUNT);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(phones.reduce((n, p) => n + pushesTo(p), 0)).toBe(PER_ACCOUNT);
    await nothingMoved([account]);
  });

  it('a learner whose prompt is cancelled and who retries four times is never limited', async () => {
    const learner = await signedIn(w, 'customer');
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await buy(learner, courses[0]!, PHONES.cancelled);
      expect(res.status).toBe(202);
      const { payment } = (await res.json()) as { payment: { id: string } };
      await expect
        .poll(async () => (await learner.request(`/api/payments/${payment.id}`).then((r) => r.json())).payment.status)
        .toBe('cancelled');
    }
  });
});
