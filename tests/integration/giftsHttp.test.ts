// Gifts over real HTTP with a real session (decision 0061): a bad recipient number is a 400 with the form's
// words, and stores nothing and sends no prompt. (The claim page itself is driven by tests/e2e/gifts.spec.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_FORM_TEXT } from '#common/payments/giftText.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { PHONES, newKey, pushes, startWorld, type World } from '#tests/support/paymentsWorld.ts';

let w: World;
let customer: Client;
let course: { id: string; price: number };

beforeAll(async () => {
  w = await startWorld();
  customer = new Client(w.running.url);
  expect((await customer.register(newRegistration({ role: 'customer' }))).status).toBe(201);
  ({ course } = await make.creatorWithCourse(w.t.db, { price: 1500 }));
});
afterAll(async () => {
  await w.close();
});

const start = (gift: unknown) =>
  customer.request('/api/payments', {
    method: 'POST',
    json: { courseId: course.id, amount: 1500, phone: PHONES.manual, idempotencyKey: newKey(), gift },
  });

describe('gifts over HTTP', () => {
  it('refuses a bad recipient number with a 400 and the form’s words, storing nothing and sending no prompt', async () => {
    for (const gift of [
      { phone: '0812 345 678' },
      { phone: '' },
      { phone: 42 },
      { phone: '0733444555', language: 'de' },
      'x',
    ]) {
      const res = await start(gift);
      expect(res.status, JSON.stringify(gift)).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('invalid_input');
    }
    const res = await start({ phone: '+255 712 345 678' });
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(GIFT_FORM_TEXT.phone);
    expect(await w.t.db.selectFrom('payment').selectAll().execute()).toEqual([]);
    expect(await w.t.db.selectFrom('gift').selectAll().execute()).toEqual([]);
    expect(pushes(w.sim)).toHaveLength(0);
  });
});
