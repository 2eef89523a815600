import { Link } from 'react-router';
import { asCreator, getStatement, refusalData } from '#app/server/earnings.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/creatorStatement';
import '../styles/earnings.css';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const month = d && 'statement' in d && d.statement ? d.statement.month : null;
  return [
    {
      title: t('meta.pageTitle', {
        title: month ? t('meta.studio.statementOf', { month }) : t('meta.studio.statement'),
      }),
    },
  ];
}

export async function loader(args: Route.LoaderArgs) {
  const { actor, run } = asCreator(args);
  const month = new URL(args.request.url).searchParams.get('month') ?? formatStamp(new Date(), 'day').slice(0, 7);
  try {
    return { actor, statement: await run(getStatement, { month }), error: null };
  } catch (err) {
    return refusalData(err, (e) => ({ actor, statement: null, error: e.message }));
  }
}

/** The kinds of statement line, each `studio.statement.type.<kind>` in the catalogue. */
const TYPES = new Set(['sale', 'refund', 'payout', 'payout_failed', 'adjustment']);

export default function CreatorStatement({ loaderData }: Route.ComponentProps) {
  const { actor, statement: s, error } = loaderData;
  const { t, kes: formatKes } = useFormat();
  return (
    <>
      <TopBar actor={actor} />
      <main className="statement">
        <div className="no-print form-actions">
          <Link to="/creator/earnings" className="btn btn-ghost btn-small">
            ← {t('studio.earnings.title')}
          </Link>
          {s ? (
            <>
              <button type="button" className="btn btn-light btn-small" onClick={() => window.print()}>
                {t('studio.statement.print')}
              </button>
              <a
                className="btn btn-ghost btn-small"
                href={`/api/earnings/statement?month=${s.month}&format=csv`}
                download
              >
                {t('studio.earnings.csv')}
              </a>
            </>
          ) : null}
        </div>
        {error || !s ? (
          <p role="alert">{error ? t(error) : t('studio.statement.none')}</p>
        ) : (
          <>
            <h1>{t('studio.statement.title', { month: s.month })}</h1>
            <p>
              {actor.name} · {actor.email}
            </p>
            <dl className="statement-totals">
              <dt>{t('studio.statement.sales')}</dt>
              <dd data-testid="statement-sales">{formatKes(s.totals.sales)}</dd>
              <dt>{t('studio.statement.fees')}</dt>
              <dd data-testid="statement-fees">{formatKes(s.totals.fees)}</dd>
              <dt>{t('studio.statement.refunds')}</dt>
              <dd>{formatKes(s.totals.refunds)}</dd>
              <dt>{t('studio.earnings.payouts')}</dt>
              <dd>{formatKes(s.totals.payouts)}</dd>
              {s.totals.adjustments ? (
                <>
                  <dt>{t('studio.statement.adjustments')}</dt>
                  <dd>{formatKes(s.totals.adjustments)}</dd>
                </>
              ) : null}
            </dl>
            {s.lines.length === 0 ? (
              <p>{t('studio.statement.empty')}</p>
            ) : (
              <div className="statement-table">
                <table>
                  <thead>
                    <tr>
                      <th>{t('studio.statement.date')}</th>
                      <th>{t('studio.statement.type')}</th>
                      <th>{t('studio.statement.description')}</th>
                      <th className="num">{t('studio.statement.gross')}</th>
                      <th className="num">{t('studio.statement.fee')}</th>
                      <th className="num">{t('studio.statement.net')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {/* On a phone each line is a card (earnings.css): its figures carry their column's name. */}
                    {s.lines.map((l) => (
                      <tr key={l.id}>
                        <td className="date">{formatStamp(l.date, 'day')}</td>
                        <td className="kind">{TYPES.has(l.kind) ? t(`studio.statement.type.${l.kind}`) : l.kind}</td>
                        {/* The type column says what it is in the page's language; this says what about. */}
                        <td className="description">{[l.course, l.memo].filter(Boolean).join(' · ')}</td>
                        <td className="num gross" data-label={t('studio.statement.gross')}>
                          {l.gross ? formatKes(l.gross) : ''}
                        </td>
                        <td className="num fee" data-label={t('studio.statement.fee')}>
                          {l.fee ? formatKes(l.fee) : ''}
                        </td>
                        <td className="num net" data-label={t('studio.statement.net')}>
                          {formatKes(l.net)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="field-hint">{t('studio.statement.note')}</p>
          </>
        )}
      </main>
    </>
  );
}
