// Every B2C outcome end to end: withdraw → the send job (real worker) → simulator (real HTTP) → result,
// time-out notice or Transaction Status result back to the real server → payout settled once, ledger
// and balances right. Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import { getCourseAnalytics } from '#server/modules/analytics/getCourseAnalytics.ts';
import { creatorBalancesInTx } from '#server/modules/ledger/creatorBalancesInTx.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { getEarnings } from '#server/modules/payouts/getEarnings.ts';
import { reconcilePayouts } from '#server/modules/payouts/reconcilePayouts.ts';
import { setPayoutNumber } from '#server/modules/payouts/setPayoutNumber.ts';
import { withdraw } from '#server/modules/payouts/withdraw.ts';
import { answered } from '#tests/support/answered.ts';
import { make } from '#tests/support/factories/index.ts';
import { PHONES, newKey, worldForEachTest } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { B2C_PHONES, b2cRequests, finalPayout, payoutEntries, payoutRow } from '#tests/support/payoutsWorld.ts';

const w = worldForEachTest({ JOB_CONCURRENCY: '2', PAYOUT_QUERY_AFTER_S: '1' }, { lateDelayMs: 400 });

const balances = (creatorId: string) => creatorBalancesInTx(w.t.db, { creatorId, now: new Date() });

describe('B2C outcomes through the simulator', () => {
  it('paid: the receipt is M-Pesa’s, the money leaves the balance once, the request is as Daraja documents it', async () => {
    const c = await make.creatorWithEarnings(w.running.services, { phone: B2C_PHONES.paid, price: 1000 });
    const { payoutId } = await withdraw(w.running.services, c, {});
    const p = await finalPayout(w, payoutId);
    const sim = w.sim.b2c.payouts.get(payoutId)!;
    expect(p).toMatchObject({ status: 'paid', amount: 900, receipt: sim.receipt, phone: B2C_PHONES.paid });
    expect(p.receiverName).toContain('Darasa Creator');
    expect(await balances(c.userId)).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 900 });
    expect(await payoutEntries(w, payoutId)).toEqual(['payout', 'payout_paid']);
    expect(b2cRequests(w)[0]!.body).toMatchObject({
      OriginatorConversationID: payoutId,
      CommandID: 'BusinessPayment',
      Amount: 900,
      PartyA: w.running.services.config.mpesa.b2cShortcode,
      PartyB: B2C_PHONES.paid,
      InitiatorName: 'darasa-simulator',
      SecurityCredential: 'simulator-credential',
      ResultURL: expect.stringMatching(/\/api\/mpesa\/b2c\/result\//),
      QueueTimeOutURL: expect.stringMatching(/\/api\/mpesa\/b2c\/timeout\//),
    });
    const page = await getEarnings(w.running.services, c);
    expect(page.payouts[0]).toMatchObject({ status: 'paid', receipt: sim.receipt });
  });

  for (const [name, phone, words] of [
    ['invalid number', B2C_PHONES.invalid, /did not recognise your payout number/],
    ['recipient not registered', B2C_PHONES.notRegistered, /not registered for M-Pesa/],
    ['insufficient float on the shortcode', B2C_PHONES.insufficientFloat, /short of funds/],
    ['time-out in M-Pesa’s queue (settled by Transaction Status)', B2C_PHONES.queueTimeout, /never processed/],
  ] as const) {
    it(`${name}: failed, the money back in the available balance, the reason in plain words`, async () => {
      const c = await make.creatorWithEarnings(w.running.services, { phone, price: 500 });
      const { payoutId } = await withdraw(w.running.services, c, {});
      if (phone === B2C_PHONES.queueTimeout) {
        // The notice asks at once; "no record" so soon after sending teaches nothing, a later query fails it.
        await eventually(async () => {
          const p = await payoutRow(w, payoutId);
          return p.status === 'sent' && p.checkedAt !== null;
        });
        await reconcilePayouts(servicesAt(w.running.services, new Date(Date.now() + 5000)));
      }
      const p = await finalPayout(w, payoutId);
      expect(p.status).toBe('failed');
      expect(p.failureReason).toMatch(words);
      expect(await balances(c.userId)).toEqual({ pending: 0, available: 450, inFlight: 0, paidOut: 0 });
      expect(await payoutEntries(w, payoutId)).toEqual(['payout', 'payout_failed']);
    });
  }

  it('result arriving twice: paid once, one ledger entry', async () => {
    const c = await make.creatorWithEarnings(w.running.services, { phone: B2C_PHONES.resultTwice, price: 2000 });
    const { payoutId } = await withdraw(w.running.services, c, { amount: 1500 });
    await finalPayout(w, payoutId);
    await eventually(async () => w.sim.b2c.payouts.get(payoutId)?.resultsSent === 2);
    // Replayed by hand as well, after the fact.
    const res = await fetch(
      `${w.running.url}/api/mpesa/b2c/result/${w.running.services.config.mpesa.b2cResultSecret}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(w.sim.b2c.resultBody(w.sim.b2c.payouts.get(payoutId)!)),
      },
    );
    expect(res.status).toBe(200);
    expect(await payoutEntries(w, payoutId)).toEqual(['payout', 'payout_paid']);
    expect(await balances(c.userId)).toEqual({ pending: 0, available: 300, inFlight: 0, paidOut: 1500 });
  });

  it('no result: stays sent until a Transaction Status query settles it paid, with the receipt', async () => {
    const c = await make.creatorWithEarnings(w.running.services, { phone: B2C_PHONES.noResult });
    const { payoutId } = await withdraw(w.running.services, c, {});
    await eventually(async () => (await payoutRow(w, payoutId)).status === 'sent');
    await eventually(async () => w.sim.b2c.payouts.get(payoutId)?.state === 'completed');
    expect((await payoutRow(w, payoutId)).status).toBe('sent');
    expect(await reconcilePayouts(servicesAt(w.running.services, new Date(Date.now() + 5000)))).toBe(1);
    const p = await finalPayout(w, payoutId);
    expect(p).toMatchObject({ status: 'paid', receipt: w.sim.b2c.payouts.get(payoutId)!.receipt });
    expect(w.sim.received.some((r) => r.path === '/mpesa/transactionstatus/v1/query')).toBe(true);
  });

  it('a late result after the status query settled it changes nothing', async () => {
    const c = await make.creatorWithEarnings(w.running.services, { phone: B2C_PHONES.late });
    const lateResultHandled = answered(w.running.server, '/api/mpesa/b2c/result/');
    const { payoutId } = await withdraw(w.running.services, c, {});
    await eventually(async () => w.sim.b2c.payouts.get(payoutId)?.state === 'completed');
    await eventually(async () => (await payoutRow(w, payoutId)).status === 'sent');
    await reconcilePayouts(servicesAt(w.running.services, new Date(Date.now() + 5000)));
    const settled = await finalPayout(w, payoutId);
    await lateResultHandled;
    expect(await payoutRow(w, payoutId)).toMatchObject({ status: 'paid', receipt: settled.receipt });
    expect(await payoutEntries(w, payoutId)).toEqual(['payout', 'payout_paid']);
  });

  it('a payout number is verified by a KES 1 transfer that names its owner; refused numbers stay unverified', async () => {
    const u = await make.user(w.t.db, { role: 'creator' });
    const c = { userId: u.id, role: 'creator' as const };
    const { payoutId } = await setPayoutNumber(w.running.services, c, { phone: '0708 374 149' });
    expect(await finalPayout(w, payoutId)).toMatchObject({ status: 'paid', amount: 1, purpose: 'verification' });
    expect((await getEarnings(w.running.services, c)).account).toMatchObject({
      verifiedPhone: B2C_PHONES.paid,
      verifiedName: 'Darasa Creator',
      verifying: false,
    });
    // The platform bore the shilling; the creator's balance is untouched.
    expect(await balances(u.id)).toEqual({ pending: 0, available: 0, inFlight: 0, paidOut: 0 });
    const bad = await setPayoutNumber(w.running.services, c, { phone: B2C_PHONES.notRegistered });
    expect((await finalPayout(w, bad.payoutId)).status).toBe('failed');
    expect((await getEarnings(w.running.services, c)).account.verifiedPhone).toBe(B2C_PHONES.paid);
  });

  it('a refund after the payout leaves a negative balance that the next sale repays; analytics are net of fees', async () => {
    const { creator, course } = await make.creatorWithCourse(w.t.db, { price: 1000 });
    const c = { userId: creator.id, role: 'creator' as const };
    const admin = { userId: (await make.user(w.t.db, { role: 'admin' })).id, role: 'admin' as const };
    const buy = async () => {
      const r = await startPayment(w.running.services, await make.actor(w.t.db), {
        courseId: course.id,
        amount: 1000,
        phone: PHONES.success,
        idempotencyKey: newKey(),
      });
      if (r.kind !== 'payment') throw new Error('expected a payment');
      const id = r.payment.id;
      await eventually(async () => {
        const p = await w.t.db
          .selectFrom('payment')
          .select(['status', 'mpesaReceipt'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        // Refunds need the receipt number Daraja confirms after the payment.
        return p.status === 'paid' && p.mpesaReceipt !== null;
      });
      return id;
    };
    const first = await buy();
    // The hold has passed.
    const later = new Date(Date.now() + 4 * 86_400_000);
    expect(await creatorBalancesInTx(w.t.db, { creatorId: creator.id, now: later })).toMatchObject({
      pending: 0,
      available: 900,
    });
    await w.t.db
      .insertInto('payoutAccount')
      .values({
        userId: creator.id,
        phone: B2C_PHONES.paid,
        verifiedPhone: B2C_PHONES.paid,
        verifiedName: null,
        verifiedAt: new Date(),
        lastAutoAt: null,
        holdReason: null,
        heldBy: null,
        heldAt: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
    const { payoutId } = await withdraw(servicesAt(w.running.services, later), c, {});
    expect((await finalPayout(w, payoutId)).status).toBe('paid');
    await refundPurchase(w.running.services, admin, { paymentId: first, reason: 'not as described' });
    // The sale is reversed once M-Pesa's Transaction Status confirms the reversal.
    await eventually(async () => {
      const r = await w.t.db.selectFrom('refund').select('status').where('paymentId', '=', first).executeTakeFirst();
      return r?.status === 'done' || null;
    });
    expect(await creatorBalancesInTx(w.t.db, { creatorId: creator.id, now: later })).toEqual({
      pending: 0,
      available: -900,
      inFlight: 0,
      paidOut: 900,
    });
    await expect(withdraw(servicesAt(w.running.services, later), c, {})).rejects.toMatchObject({ code: 'conflict' });
    await buy();
    await buy();
    const evenLater = new Date(later.getTime() + 4 * 86_400_000);
    expect(await creatorBalancesInTx(w.t.db, { creatorId: creator.id, now: evenLater })).toMatchObject({
      available: 900,
    });
    // Analytics: 3 × 1000 paid, 1000 refunded, fees 2 × 100 (the refunded sale's fee was given back).
    const a = await getCourseAnalytics(w.running.services, c, { courseId: course.id, days: 7 });
    expect(a.totals.revenue).toBe(1800);
  });
});
