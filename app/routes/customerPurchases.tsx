import { Link } from 'react-router';
import { displayPhone } from '#common/phone.ts';
import { listMyPurchases } from '#app/server/payments.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import { formatKes } from '../lib/format.ts';
import { serverContext } from '#app/server/context.server.ts';
import '../styles/purchase.css';
import type { Route } from './+types/customerPurchases';

export function meta() {
  return [{ title: 'Purchases — Darasa' }];
}

export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'customer');
  const { services } = serverContext(args.context);
  return { purchases: await listMyPurchases(services, actor) };
}

const dateTime = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Nairobi',
});

/** The customer's purchase history: one receipt per completed M-Pesa payment. */
export default function CustomerPurchases({ loaderData }: Route.ComponentProps) {
  const { purchases } = loaderData;
  return (
    <>
      <TopBar />
      <main className="purchases-page">
        <Link to="/customer" className="back">
          ← Back
        </Link>
        <h1>Purchases</h1>
        {purchases.length === 0 ? (
          <p className="empty">
            You have not bought any courses yet — <Link to="/customer">browse all courses</Link>
          </p>
        ) : (
          <ul className="receipts">
            {purchases.map((p) => (
              <li key={p.paymentId} className="receipt">
                <h2 className="receipt-title">
                  <Link to={`/course/${p.courseId}`}>{p.courseTitle}</Link>
                </h2>
                <dl>
                  <dt>Amount</dt>
                  <dd>{formatKes(p.amount)}</dd>
                  <dt>M-Pesa receipt</dt>
                  <dd>
                    {p.receipt ??
                      (p.receiptPending
                        ? 'Confirmed by M-Pesa (receipt number on its way)'
                        : 'Confirmed by M-Pesa (no receipt number sent)')}
                  </dd>
                  <dt>Date</dt>
                  <dd>
                    <time dateTime={p.paidAt}>{dateTime.format(new Date(p.paidAt))}</time>
                  </dd>
                  <dt>Paid from</dt>
                  <dd>{displayPhone(p.phone)}</dd>
                </dl>
                {p.status === 'refunded' ? <p className="receipt-refunded">Refunded</p> : null}
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
