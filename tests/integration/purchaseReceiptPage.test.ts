// A purchase's receipt (decision 0048): its buyer and admins open it, as JSON facts for the page and as a PDF;
// another learner, a creator (even the course's own) and a visitor do not, and an unpaid payment has none.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getReceipt } from '#server/modules/payments/getReceipt.ts';
import { make } from '#tests/support/factories/index.ts';
import { pdfText } from '#tests/support/pdfText.ts';
import { type Person, signedIn, visitor } from '#tests/support/signedIn.ts';
import { type App, startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
beforeAll(async () => {
  app = await startApp(cleanups);
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function purchase(buyer: Person, status: 'paid' | 'pending' = 'paid') {
  const { creator, course } = await make.creatorWithCourse(app.t.db, { price: 1500, title: 'Kilimo cha Kahawa' });
  const payment = await make.payment(app.t.db, { buyer: { id: buyer.id }, course, status });
  return { creator, course, payment };
}

describe('receipts', () => {
  it('the buyer gets the receipt page facts and the PDF with the M-Pesa receipt number', async () => {
    const buyer = await signedIn(app, 'customer');
    await app.t.db.updateTable('user').set({ name: 'Wambũi Kĩmani' }).where('id', '=', buyer.id).execute();
    const { payment } = await purchase(buyer);
    const receipt = await getReceipt(
      app.running.services,
      { userId: buyer.id, role: 'customer' },
      { paymentId: payment.id },
    );
    expect(receipt).toMatchObject({
      paymentId: payment.id,
      buyerName: 'Wambũi Kĩmani',
      buyerContact: buyer.email.toLowerCase(),
      courseTitle: 'Kilimo cha Kahawa',
      amount: 1500,
      mpesaReceipt: payment.mpesaReceipt,
      refunded: false,
    });
    const res = await buyer.request(`/api/payments/${payment.id}/receipt.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`darasa-receipt-${payment.id}.pdf`);
    // One page, titled by this receipt, saying what the page says (the buyer's name as typed, ũ and ĩ too).
    const { pages, title, text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(pages).toBe(1);
    expect(title).toBe(`Darasa — Receipt ${payment.mpesaReceipt} — ${payment.id}`);
    for (const words of ['Wambũi Kĩmani', 'Kilimo cha Kahawa', payment.mpesaReceipt!, payment.id, 'KES 1,500'])
      expect(text).toContain(words);
  });

  it('is in Kiswahili for a Kiswahili reader', async () => {
    const buyer = await signedIn(app, 'customer');
    await app.t.db.updateTable('user').set({ locale: 'sw' }).where('id', '=', buyer.id).execute();
    const { payment } = await purchase(buyer);
    const { title } = await pdfText(
      new Uint8Array(await (await buyer.request(`/api/payments/${payment.id}/receipt.pdf`)).arrayBuffer()),
    );
    expect(title).toBe(`Darasa — Risiti ${payment.mpesaReceipt} — ${payment.id}`);
  });

  it('opens for an admin, and for nobody else: other learners, creators, the course creator, visitors', async () => {
    const buyer = await signedIn(app, 'customer');
    const { payment } = await purchase(buyer);
    const path = `/api/payments/${payment.id}/receipt.pdf`;
    expect((await (await signedIn(app, 'admin')).request(path)).status).toBe(200);
    expect((await (await signedIn(app, 'customer')).request(path)).status).toBe(404);
    expect((await (await signedIn(app, 'creator')).request(path)).status).toBe(404);
    expect((await visitor(app).request(path)).status).toBe(401);
    const { creator } = await purchase(buyer);
    await expect(
      getReceipt(app.running.services, { userId: creator.id, role: 'creator' }, { paymentId: payment.id }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('has no receipt for an unpaid payment or a made-up id', async () => {
    const buyer = await signedIn(app, 'customer');
    const { payment } = await purchase(buyer, 'pending');
    expect((await buyer.request(`/api/payments/${payment.id}/receipt.pdf`)).status).toBe(404);
    expect((await buyer.request('/api/payments/..%2Fx/receipt.pdf')).status).toBe(404);
    expect((await buyer.request('/api/payments/AAAAAAAAAAAAAAAA/receipt.pdf')).status).toBe(404);
  });
});
