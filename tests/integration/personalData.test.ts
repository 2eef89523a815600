// Personal data (Kenya's Data Protection Act, 2019): a signed-in learner downloads everything we keep about
// them, then deletes their account; afterwards nothing identifies them, they cannot sign in, and the paid
// purchase stays in the books, anonymised, with its ids, amount and receipt.
import { describe, expect, it } from 'vitest';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { PHONES, newKey, worldForEachTest } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

const w = worldForEachTest();

describe('personal data', () => {
  it('downloads my data, then deletes my account keeping the payment anonymised', async () => {
    const me = new Client(w.running.url);
    const reg = newRegistration({ role: 'customer' });
    const registered = await me.register(reg);
    expect(registered.status).toBe(201);
    const { user } = (await registered.json()) as { user: { userId: string; name: string; email: string } };
    const actor = { ...user, role: 'customer' as const };
    const { course } = await make.creatorWithCourse(w.t.db, { price: 500 });
    const started = await startPayment(w.running.services, actor, {
      courseId: course.id,
      amount: 500,
      phone: PHONES.success,
      idempotencyKey: newKey(),
    });
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const paid = await eventually(async () => {
      const p = await getPaymentForPayer(w.running.services, actor, { paymentId: started.payment.id });
      return p.status === 'paid' ? p : null;
    });

    const download = await me.request('/api/account/data');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const data = (await download.json()) as {
      account: { email: string };
      payments: { id: string; mpesaReceipt: string }[];
    };
    expect(data.account.email).toBe(reg.email.toLowerCase());
    expect(data.payments).toEqual([expect.objectContaining({ id: paid.id, mpesaReceipt: paid.receipt })]);
    expect(JSON.stringify(data)).not.toMatch(/password|token/i);

    const wrong = await me.request('/api/account/delete', { method: 'POST', json: { password: 'not-mine' } });
    expect(wrong.status).toBe(403);
    const deleted = await me.request('/api/account/delete', { method: 'POST', json: { password: reg.password } });
    expect(deleted.status).toBe(200);

    const db = w.t.db;
    const row = await db.selectFrom('user').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Deleted user', phone: '', status: 'deleted' });
    expect(row.email).not.toContain(reg.email.split('@')[0]);
    const payment = await db.selectFrom('payment').selectAll().where('id', '=', paid.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'paid',
      mpesaReceipt: paid.receipt,
      phone: '',
      rawCallback: null,
      userId: user.userId,
    });
    expect(Number(payment.amount)).toBe(500);
    const everything = JSON.stringify(
      await db.selectFrom('payment').selectAll().where('userId', '=', user.userId).execute(),
    );
    expect(everything).not.toContain(PHONES.success);
    expect(await db.selectFrom('session').select('id').where('userId', '=', user.userId).execute()).toEqual([]);
    expect((await new Client(w.running.url).signIn(reg.email, reg.password)).status).toBe(401);
    expect((await me.request('/api/account/data')).status).toBe(401);
  });
});
