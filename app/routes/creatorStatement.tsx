import { Link } from 'react-router';
import { getStatement, refusalData } from '#app/server/earnings.server.ts';
import { requireArea } from '#app/server/authGuard.server.ts';
import { serverContext } from '#app/server/context.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import { formatKes } from '../lib/format.ts';
import type { Route } from './+types/creatorStatement';
import '../styles/earnings.css';

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [
    { title: d && 'statement' in d && d.statement ? `Statement ${d.statement.month} — Darasa` : 'Statement — Darasa' },
  ];
}

export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'creator');
  const { services } = serverContext(args.context);
  const month = new URL(args.request.url).searchParams.get('month') ?? new Date().toISOString().slice(0, 7);
  try {
    return { actor, statement: await getStatement(services, actor, { month }), error: null };
  } catch (err) {
    return refusalData(err, (e) => ({ actor, statement: null, error: e.message }));
  }
}

const TYPES: Record<string, string> = {
  sale: 'Sale',
  refund: 'Refund',
  payout: 'Payout',
  payout_failed: 'Payout returned',
  adjustment: 'Adjustment',
};

export default function CreatorStatement({ loaderData }: Route.ComponentProps) {
  const { actor, statement: s, error } = loaderData;
  return (
    <>
      <TopBar actor={actor} />
      <main className="statement">
        <div className="no-print form-actions">
          <Link to="/creator/earnings" className="btn btn-ghost btn-small">
            ← Earnings
          </Link>
          {s ? (
            <>
              <button type="button" className="btn btn-light btn-small" onClick={() => window.print()}>
                Print
              </button>
              <a
                className="btn btn-ghost btn-small"
                href={`/api/earnings/statement?month=${s.month}&format=csv`}
                download
              >
                Download CSV
              </a>
            </>
          ) : null}
        </div>
        {error || !s ? (
          <p role="alert">{error ?? 'No statement.'}</p>
        ) : (
          <>
            <h1>Darasa statement — {s.month}</h1>
            <p>
              {actor.name} · {actor.email}
            </p>
            <dl className="statement-totals">
              <dt>Sales</dt>
              <dd data-testid="statement-sales">{formatKes(s.totals.sales)}</dd>
              <dt>Darasa fees</dt>
              <dd data-testid="statement-fees">{formatKes(s.totals.fees)}</dd>
              <dt>Refunds</dt>
              <dd>{formatKes(s.totals.refunds)}</dd>
              <dt>Payouts</dt>
              <dd>{formatKes(s.totals.payouts)}</dd>
              {s.totals.adjustments ? (
                <>
                  <dt>Adjustments</dt>
                  <dd>{formatKes(s.totals.adjustments)}</dd>
                </>
              ) : null}
            </dl>
            {s.lines.length === 0 ? (
              <p>Nothing happened this month.</p>
            ) : (
              <div className="statement-table">
                <table>
                  <thead>
                    <tr>
                      <th>Date</th>
                      <th>Type</th>
                      <th>Description</th>
                      <th className="num">Gross</th>
                      <th className="num">Fee</th>
                      <th className="num">Net</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.lines.map((l) => (
                      <tr key={l.id}>
                        <td>{l.date.slice(0, 10)}</td>
                        <td>{TYPES[l.kind] ?? l.kind}</td>
                        <td>{l.description}</td>
                        <td className="num">{l.gross ? formatKes(l.gross) : ''}</td>
                        <td className="num">{l.fee ? formatKes(l.fee) : ''}</td>
                        <td className="num">{formatKes(l.net)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="field-hint">Amounts in Kenyan shillings; dates in UTC.</p>
          </>
        )}
      </main>
    </>
  );
}
