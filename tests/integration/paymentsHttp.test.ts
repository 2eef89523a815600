// The payment endpoints over real HTTP with real sessions: who may buy, bad input refused with a 4xx and
// no STK push, replayed idempotency keys, and the modal's status polling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { PHONES, confirmedReceipt, newKey, pushes, startWorld, type World } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';

let w: World;
let customer: Client;
let customerId: string;
let course: { id: string; price: number };
let creator: Client;
let creatorId: string;

async function register(role: 'customer' | 'creator') {
  const client = new Client(w.running.url);
  const res = await client.register(newRegistration({ role }));
  expect(res.status).toBe(201);
  const { user } = (await res.json()) as { user: { userId: string } };
  return { client, id: user.userId };
}

beforeAll(async () => {
  w = await startWorld();
  ({ client: customer, id: customerId } = await register('customer'));
  ({ client: creator, id: creatorId } = await register('creator'));
  course = await make.course(w.t.db, { creator: { id: creatorId, name: 'Creator' }, price: 1500 });
});
afterAll(async () => {
  await w.close();
});

const start = (client: Client, body: unknown) => client.request('/api/payments', { method: 'POST', json: body });
const valid = (over: Record<string, unknown> = {}) => ({
  courseId: course.id,
  amount: 1500,
  phone: PHONES.manual,
  idempotencyKey: newKey(),
  ...over,
});

async function paidCount() {
  const rows = await w.t.db.selectFrom('payment').select('id').where('status', '=', 'paid').execute();
  return rows.length;
}

describe('POST /api/payments refuses bad input before any STK push', () => {
  it('answers 4xx with a readable message and sends nothing', async () => {
    const draft = await make.course(w.t.db, {
      creator: { id: creatorId, name: 'Creator' },
      price: 1500,
      published: false,
    });
    const visitor = new Client(w.running.url);
    const cases: [string, Promise<Response>, number][] = [
      ['visitor', start(visitor, valid()), 401],
      ['Tanzanian phone', start(customer, valid({ phone: '+255712345678' })), 400],
      ['US phone', start(customer, valid({ phone: '+1 202 555 0100' })), 400],
      ['too short', start(customer, valid({ phone: '07123456' })), 400],
      ['too long', start(customer, valid({ phone: '0712345678901' })), 400],
      ['landline', start(customer, valid({ phone: '020 2345678' })), 400],
      ['letters', start(customer, valid({ phone: 'call me' })), 400],
      ['amount below price', start(customer, valid({ amount: 1 })), 409],
      ['amount as text', start(customer, valid({ amount: '1500' })), 400],
      ['fractional amount', start(customer, valid({ amount: 1499.5 })), 400],
      ['tampered course id', start(customer, valid({ courseId: "x' or 1=1 --" })), 400],
      ['unknown course', start(customer, valid({ courseId: 'noSuchCourse0001' })), 404],
      ['unpublished course', start(customer, valid({ courseId: draft.id })), 404],
      ['no idempotency key', start(customer, valid({ idempotencyKey: undefined })), 400],
      ['creator buying own course', start(creator, valid()), 403],
      [
        'not JSON',
        customer.request('/api/payments', {
          method: 'POST',
          body: '{nope',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      ],
      ['array body', start(customer, [valid()]), 400],
      ['huge body', start(customer, valid({ pad: 'x'.repeat(100_000) })), 400],
    ];
    for (const [name, pending, status] of cases) {
      const res = await pending;
      const body = (await res.json()) as { error?: { message?: string } };
      expect([name, res.status]).toEqual([name, status]);
      expect(body.error?.message, name).toBeTruthy();
    }
    expect(pushes(w.sim)).toHaveLength(0);
    expect(await paidCount()).toBe(0);
  });

  it("a creator cannot buy another creator's course either", async () => {
    const { client } = await register('creator');
    const res = await start(client, valid());
    expect(res.status).toBe(403);
    expect(pushes(w.sim)).toHaveLength(0);
  });
});

describe('buying over HTTP', () => {
  it('replays an idempotency key, refuses it with other details, and pays once', async () => {
    const body = valid({ phone: '0711 222 333' });
    const first = await start(customer, body);
    expect(first.status).toBe(202);
    const { payment } = (await first.json()) as { payment: { id: string; status: string; expiresAt: string } };
    expect(payment.status).toBe('pending');
    // Same key, same details (a double click or a retried request): the same payment.
    const again = await start(customer, body);
    expect(again.status).toBe(202);
    expect(((await again.json()) as { payment: { id: string } }).payment.id).toBe(payment.id);
    // Same key with another phone, amount or course: refused.
    for (const other of [{ phone: PHONES.success }, { amount: 1 }, { courseId: 'otherCourse00001' }]) {
      const res = await start(customer, { ...body, ...other });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(pushes(w.sim)).toHaveLength(1);

    // Someone else cannot follow this payment.
    const { client: stranger } = await register('customer');
    expect((await stranger.request(`/api/payments/${payment.id}`)).status).toBe(404);
    expect((await new Client(w.running.url).request(`/api/payments/${payment.id}`)).status).toBe(401);

    // The payer polls until the customer answers the prompt.
    const poll = async () =>
      (
        (await (await customer.request(`/api/payments/${payment.id}`)).json()) as {
          payment: { status: string; receipt: string | null };
        }
      ).payment;
    expect((await poll()).status).toBe('pending');
    const tx = [...w.sim.transactions.values()].find((t) => t.phone === PHONES.manual)!;
    w.sim.answer(tx.checkoutRequestId, 'approve');
    await eventually(async () => (await poll()).status === 'paid');
    // The receipt number appears once M-Pesa's Transaction Status confirmed it.
    expect(await confirmedReceipt(w, payment.id)).toBe(tx.receipt);
    expect((await poll()).receipt).toBe(tx.receipt);
    const owned = await w.t.db.selectFrom('enrollment').selectAll().where('userId', '=', customerId).execute();
    expect(owned.map((e) => e.courseId)).toEqual([course.id]);

    // Owning it: a new attempt is refused without a prompt.
    const twice = await start(customer, valid({ phone: PHONES.success }));
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe('already_owned');
    expect(pushes(w.sim)).toHaveLength(1);
  });
});
