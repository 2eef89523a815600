import { Link, redirect } from 'react-router';
import { getReceipt } from '#app/server/payments.server.ts';
import { operationRunner } from '#app/server/operationRunner.server.ts';
import { serverContext, throwNotFoundPage } from '#app/server/context.server.ts';
import { loginPathFor } from '#app/lib/authRedirect.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/receipt.css';
import type { Route } from './+types/purchaseReceipt';
import { metaT } from '#app/i18n/metaText.ts';
import { useFormat } from '#app/i18n/useFormat.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.receipt') }];
}

export async function loader(args: Route.LoaderArgs) {
  if (!serverContext(args.context).actor)
    throw redirect(loginPathFor(`/customer/purchases/${args.params.paymentId}/receipt`));
  try {
    return { receipt: await operationRunner(args.context)(getReceipt, { paymentId: args.params.paymentId }) };
  } catch (err) {
    throwNotFoundPage(err);
  }
}

/**
 * One purchase's receipt (its buyer and admins): a page that prints on one A4 sheet or reads on a phone, and
 * the same as a PDF to keep (decision 0048).
 */
export default function PurchaseReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt: r } = loaderData;
  const { t, kes, dateTime } = useFormat();
  return (
    <>
      <TopBar />
      <main className="receipt-page">
        <Link to="/customer/purchases" className="back receipt-noprint">
          {t('purchases.title')}
        </Link>
        <article className="receipt-sheet" aria-labelledby="receipt-title">
          <p className="receipt-brand">Darasa</p>
          <h1 id="receipt-title">{t('receipt.title')}</h1>
          <dl>
            <dt>{t('receipt.buyer')}</dt>
            <dd>
              {r.buyerName} <span className="receipt-contact">({r.buyerContact})</span>
            </dd>
            <dt>{t('receipt.course')}</dt>
            <dd>
              {r.courseTitle}
              {r.part ? ` (${t('instalments.partOf', r.part)})` : null}
            </dd>
            <dt>{t('purchases.amount')}</dt>
            <dd>{kes(r.amount)}</dd>
            <dt>{t('receipt.mpesaReceipt')}</dt>
            <dd className="receipt-code">{r.mpesaReceipt ?? t('purchases.receiptPending')}</dd>
            <dt>{t('purchases.date')}</dt>
            <dd>
              <time dateTime={r.paidAt}>{dateTime(r.paidAt)}</time>
            </dd>
            <dt>{t('receipt.purchaseId')}</dt>
            <dd className="receipt-code">{r.paymentId}</dd>
          </dl>
          {r.refunded ? <p className="receipt-refunded">{t('purchases.refunded')}</p> : null}
          <p className="receipt-thanks">{t('receipt.thanks')}</p>
        </article>
        <div className="receipt-actions receipt-noprint">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {t('receipt.print')}
          </button>
          <a className="btn btn-ghost" href={`/api/payments/${r.paymentId}/receipt.pdf`} download>
            {t('receipt.download')}
          </a>
        </div>
      </main>
    </>
  );
}
