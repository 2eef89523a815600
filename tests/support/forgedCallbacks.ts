// Forged M-Pesa and Africa's Talking callbacks, for the red-team replays: one of each kind, well formed,
// each saying what an attacker wants (an open purchase paid, a sent payout failed, a refund failed), and
// what the money and access looked like before and after.
import { make } from './factories/index.ts';
import { PHONES, startMpesaPayment, type World } from './paymentsWorld.ts';
import { B2C_PHONES, payoutRow } from './payoutsWorld.ts';
import { eventually } from './eventually.ts';
import { withdraw } from '#server/modules/payouts/withdraw.ts';

/** An open purchase (its prompt waiting on the phone) and a sent payout (no result yet): what forgeries aim at. */
export async function forgeryTargets(w: World) {
  const buyer = await make.actor(w.t.db);
  const { course } = await make.creatorWithCourse(w.t.db, { price: 700 });
  const started = await startMpesaPayment(w, buyer, course, PHONES.manual);
  const payment = await w.t.db.selectFrom('payment').selectAll().where('id', '=', started.id).executeTakeFirstOrThrow();
  const creator = await make.creatorWithEarnings(w.running.services, { phone: B2C_PHONES.noResult, price: 4500 });
  const { payoutId } = await withdraw(w.running.services, creator, {});
  const payout = await eventually(async () => {
    const p = await payoutRow(w, payoutId);
    return p.status === 'sent' ? p : null;
  });
  return { payment, payout };
}

type Targets = Awaited<ReturnType<typeof forgeryTargets>>;

/** One forged request per callback URL the app has, under the given secrets. */
export function forgedCallbacks(
  { payment, payout }: Targets,
  secrets: { mpesa: string; b2c: string; sms: string },
): Array<{ path: string; init: RequestInit }> {
  const json = (path: string, body: unknown) => ({
    path,
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  });
  const amount = Number(payment.amount);
  const paid = {
    Body: {
      stkCallback: {
        MerchantRequestID: payment.merchantRequestId,
        CheckoutRequestID: payment.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount },
            { Name: 'MpesaReceiptNumber', Value: 'TKF0RGED01' },
            { Name: 'TransactionDate', Value: 20261127063000 },
            { Name: 'PhoneNumber', Value: Number(PHONES.manual) },
          ],
        },
      },
    },
  };
  const paybill = {
    TransactionType: 'Pay Bill',
    TransID: 'TKF0RGED02',
    TransTime: '20261127063000',
    TransAmount: String(amount),
    BusinessShortCode: '174379',
    BillRefNumber: payment.paybillAccount,
    MSISDN: '2547 ***  149',
    FirstName: 'Mallory',
  };
  const b2cFailed = {
    Result: {
      ResultType: 0,
      ResultCode: 2001,
      ResultDesc: 'The initiator information is invalid.',
      OriginatorConversationID: payout.originatorConversationId,
      ConversationID: payout.conversationId,
      TransactionID: 'TKF0RGED03',
    },
  };
  const statusCompleted = {
    Result: { ...b2cFailed.Result, ResultCode: 0, ResultDesc: 'The service request is processed successfully.' },
  };
  const reversalFailed = {
    Result: { ...b2cFailed.Result, ResultCode: 'R000002', ResultDesc: 'The OriginalTransactionID is invalid.' },
  };
  return [
    json(`/api/mpesa/callback/${secrets.mpesa}`, paid),
    json(`/api/payments/paybill/validate/${secrets.mpesa}`, paybill),
    json(`/api/payments/paybill/confirm/${secrets.mpesa}`, paybill),
    json(`/api/mpesa/receipt/${secrets.mpesa}/${payment.id}`, statusCompleted),
    json(`/api/mpesa/b2c/result/${secrets.b2c}`, b2cFailed),
    json(`/api/mpesa/b2c/timeout/${secrets.b2c}`, b2cFailed),
    // The address of our own status query also names its one-time token; a forger has to guess it too.
    json(`/api/mpesa/b2c/status/${secrets.b2c}/${payout.id}/${payout.statusToken ?? 'no-query-yet'}`, statusCompleted),
    json(`/api/mpesa/reversal/${secrets.mpesa}`, reversalFailed),
    {
      path: `/api/sms/delivery/${secrets.sms}`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'id=ATXid_forged&status=Failed&phoneNumber=%2B254712400001&failureReason=UserInBlacklist',
      },
    },
  ];
}

/** What a forgery would change: purchases, access, payouts, ledger, refunds, audit, delivery reports. */
export async function moneyAndAccess(w: World) {
  const { db } = w.t;
  const rows = async (table: 'journalEntry' | 'refund' | 'auditLog' | 'smsDeliveryReport') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return {
    payments: await db
      .selectFrom('payment')
      .select(['id', 'status', 'mpesaReceipt', 'claimedReceipt'])
      .orderBy('id')
      .execute(),
    enrollments: await db.selectFrom('enrollment').select(['userId', 'courseId']).orderBy('id').execute(),
    payouts: await db.selectFrom('payout').select(['id', 'status', 'receipt']).orderBy('id').execute(),
    journalEntries: Number(await rows('journalEntry')),
    refunds: Number(await rows('refund')),
    audit: Number(await rows('auditLog')),
    deliveryReports: Number(await rows('smsDeliveryReport')),
  };
}
