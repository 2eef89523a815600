import { useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { listMyGifts, refundMyGift, resendGift, type MyGift } from '#app/server/gifts.server.ts';
import { refusalData } from '#app/server/pageRefusals.server.ts';
import { readForm } from '#app/server/readForm.server.ts';
import { displayPhone } from '#common/phone.ts';
import { listMyPurchases, type PurchaseReceipt } from '#app/server/payments.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import { operationRunner } from '#app/server/operationRunner.server.ts';
import '../styles/purchase.css';
import type { Route } from './+types/customerPurchases';
import { metaT } from '#app/i18n/metaText.ts';
import { useFormat } from '#app/i18n/useFormat.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.purchases') }];
}

export async function loader(args: Route.LoaderArgs) {
  requireArea(args, 'customer');
  const run = operationRunner(args.context);
  const [purchases, gifts] = await Promise.all([run(listMyPurchases), run(listMyGifts)]);
  return { purchases, gifts };
}

/** "Resend SMS" of a gift, or its refund (intent=refund). */
export async function action(args: Route.ActionArgs) {
  requireArea(args, 'customer');
  const form = await readForm(args.request);
  const giftId = String(form.get('giftId') ?? '');
  const refund = form.get('intent') === 'refund';
  try {
    const run = operationRunner(args.context);
    await (refund ? run(refundMyGift, { giftId }) : run(resendGift, { giftId }));
    return { giftId, ok: true, message: refund ? 'gift.refundRequested' : 'gift.resent' };
  } catch (err) {
    return refusalData(err, (e) => ({ giftId, ok: false, message: e.message }));
  }
}

/** The customer's purchase history: one receipt per completed M-Pesa payment. */
export default function CustomerPurchases({ loaderData }: Route.ComponentProps) {
  const { purchases, gifts } = loaderData;
  const { t, kes, dateTime } = useFormat();
  return (
    <>
      <TopBar />
      <main className="purchases-page">
        <Link to="/customer" className="back">
          {t('course.back')}
        </Link>
        <h1>{t('purchases.title')}</h1>
        {gifts.length ? <Gifts gifts={gifts} /> : null}
        {gifts.length && purchases.length ? <h2 className="receipts-title">{t('purchases.receipts')}</h2> : null}
        {purchases.length === 0 ? (
          <p className="empty">
            {t('customer.empty.mine')} — <Link to="/customer">{t('customer.browseAll')}</Link>
          </p>
        ) : (
          <ul className="receipts">
            {purchases.map((p) => (
              <li key={p.paymentId} className="receipt">
                <h2 className="receipt-title">
                  <Link to={p.bundleId ? `/bundle/${p.bundleId}` : `/course/${p.courseId}`}>{p.courseTitle}</Link>
                </h2>
                {p.instalment ? <PartLine courseId={p.courseId} instalment={p.instalment} /> : null}
                <dl>
                  <dt>{t('purchases.amount')}</dt>
                  <dd>{kes(p.amount)}</dd>
                  <dt>{t('purchases.receipt')}</dt>
                  <dd>
                    {p.receipt ?? (p.receiptPending ? t('purchases.receiptPending') : t('purchases.receiptNone'))}
                  </dd>
                  <dt>{t('purchases.date')}</dt>
                  <dd>
                    <time dateTime={p.paidAt}>{dateTime(p.paidAt)}</time>
                  </dd>
                  <dt>{t('purchases.paidFrom')}</dt>
                  <dd>{displayPhone(p.phone)}</dd>
                </dl>
                <Link className="receipt-link" to={`/customer/purchases/${p.paymentId}/receipt`}>
                  {t('receipt.view')}
                </Link>
                {p.status === 'refunded' ? <p className="receipt-refunded">{t('purchases.refunded')}</p> : null}
                {p.refund ? (
                  <p className="receipt-refunded">
                    {t(p.refund === 'failed' ? 'purchases.refundFailed' : 'purchases.refundRequested')}
                  </p>
                ) : null}
                {p.extraPayments.map((e) => (
                  <p key={e.id} className="receipt-extra">
                    {t(e.returned ? 'purchases.extraReturned' : 'purchases.extraReturning', { amount: kes(e.amount) })}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

/** The gifts the customer sent: to whom (masked), claimed or not, "Resend SMS" and a refund while unclaimed. */
function Gifts({ gifts }: { gifts: MyGift[] }) {
  const { t, dateTime, kes } = useFormat();
  // The gift whose refund is being confirmed (money moves only after "Yes").
  const [confirming, setConfirming] = useState<string | null>(null);
  const result = useActionData<typeof action>();
  const nav = useNavigation();
  const sending = nav.state !== 'idle' ? String(nav.formData?.get('giftId') ?? '') : '';
  return (
    <section id="gifts" className="gifts" aria-labelledby="gifts-title">
      <h2 id="gifts-title">{t('gift.mine')}</h2>
      <ul className="receipts">
        {gifts.map((g) => (
          <li key={g.id} className="receipt gift-row">
            <h3 className="receipt-title">
              <Link to={`/course/${g.courseId}`}>{g.courseTitle}</Link>
            </h3>
            <dl>
              <dt>{t('gift.to')}</dt>
              <dd>{g.phone}</dd>
              <dt>{t('gift.status')}</dt>
              <dd className={`gift-state gift-state-${g.state}`}>
                {g.state === 'claimed' && g.claimedAt ? (
                  <>
                    {t('gift.claimed')} <time dateTime={g.claimedAt}>{dateTime(g.claimedAt)}</time>
                  </>
                ) : (
                  t(`gift.mineState.${g.state}`)
                )}
              </dd>
            </dl>
            {g.state === 'unclaimed' ? (
              <Form method="post" className="gift-resend">
                <input type="hidden" name="giftId" value={g.id} />
                <button type="submit" className="btn btn-light" disabled={g.resendsLeft === 0 || sending === g.id}>
                  {t('gift.resend')}
                </button>
                <span className="purchase-help">{t('gift.resendsLeft', { count: g.resendsLeft })}</span>
              </Form>
            ) : null}
            {result && result.giftId === g.id ? (
              <p className={result.ok ? 'gift-ok' : 'gift-refused'} role="status">
                {t(result.message)}
              </p>
            ) : null}
            {g.state === 'unclaimed' || g.state === 'refundFailed' ? (
              confirming === g.id ? (
                <Form method="post" className="gift-refund-confirm" onSubmit={() => setConfirming(null)}>
                  <input type="hidden" name="giftId" value={g.id} />
                  <p>{t('gift.refundConfirm', { amount: kes(g.amount) })}</p>
                  <button type="submit" name="intent" value="refund" className="btn btn-primary">
                    {t('gift.refundYes')}
                  </button>
                  <button type="button" className="btn btn-light" onClick={() => setConfirming(null)}>
                    {t('gift.refundNo')}
                  </button>
                </Form>
              ) : (
                <button
                  type="button"
                  className="btn btn-ghost gift-refund"
                  disabled={sending === g.id}
                  onClick={() => setConfirming(g.id)}
                >
                  {t('gift.refund')}
                </button>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A part of an instalment plan (decision 0068): "Part 2 of 3"; on the plan's latest part, where it stands
 * ("2 of 3 parts paid", the next part's due date) and "Pay next part" on the course page.
 */
function PartLine({
  courseId,
  instalment: i,
}: {
  courseId: string;
  instalment: NonNullable<PurchaseReceipt['instalment']>;
}) {
  const { t, date } = useFormat();
  return (
    <p className="receipt-part">
      {t('instalments.partOf', { part: i.part, parts: i.parts })}
      {i.part === i.paid ? (
        <>
          {' • '}
          {t('instalments.paidOf', { paid: i.paid, parts: i.parts })}
          {i.nextDue ? (
            <>
              {' • '}
              {t('instalments.nextDue', { date: date(i.nextDue) })}{' '}
              <Link to={`/course/${courseId}#instalment-panel-title`}>{t('instalments.payNextShort')}</Link>
            </>
          ) : null}
        </>
      ) : null}
    </p>
  );
}
