import { Link } from 'react-router';
import { displayPhone } from '#common/phone.ts';
import { listMyPurchases } from '#app/server/payments.server.ts';
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
  return { purchases: await operationRunner(args.context)(listMyPurchases) };
}

/** The customer's purchase history: one receipt per completed M-Pesa payment. */
export default function CustomerPurchases({ loaderData }: Route.ComponentProps) {
  const { purchases } = loaderData;
  const { t, kes, dateTime } = useFormat();
  return (
    <>
      <TopBar />
      <main className="purchases-page">
        <Link to="/customer" className="back">
          {t('course.back')}
        </Link>
        <h1>{t('purchases.title')}</h1>
        {purchases.length === 0 ? (
          <p className="empty">
            {t('customer.empty.mine')} — <Link to="/customer">{t('customer.browseAll')}</Link>
          </p>
        ) : (
          <ul className="receipts">
            {purchases.map((p) => (
              <li key={p.paymentId} className="receipt">
                <h2 className="receipt-title">
                  <Link to={`/course/${p.courseId}`}>{p.courseTitle}</Link>
                </h2>
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
