import { Form, Link, useNavigation } from 'react-router';
import { getAffiliateDashboard, getEarnings, setPayoutNumber, withdraw } from '#app/server/affiliates.server.ts';
import { requireArea } from '#app/server/authGuard.server.ts';
import { operationRunner } from '#app/server/operationRunner.server.ts';
import { refusalData } from '#app/server/pageRefusals.server.ts';
import { readForm } from '#app/server/readForm.server.ts';
import { displayPhone } from '#common/phone.ts';
import { MIN_PAYOUT_KES } from '#common/payouts/payoutRules.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/affiliates.css';
import type { Route } from './+types/affiliate';
import { metaT } from '#app/i18n/metaText.ts';
import { useFormat } from '#app/i18n/useFormat.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.affiliate') }, { name: 'robots', content: 'noindex' }];
}

/**
 * The affiliate page (decision 0067): every signed-in person's links with their clicks, sales and commission.
 * A customer is paid here (payout number, "Withdraw", the same payouts as creators); a creator's commission
 * joins their earnings, paid from the studio.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'learn');
  const run = operationRunner(args.context);
  if (actor.role === 'admin') return { role: actor.role, dashboard: null, earnings: null };
  const [dashboard, earnings] = await Promise.all([
    run(getAffiliateDashboard),
    actor.role === 'customer' ? run(getEarnings) : null,
  ]);
  return { role: actor.role, dashboard, earnings };
}

/** "Save number" (a KES 1 check to it follows) and "Withdraw" (everything available). */
export async function action(args: Route.ActionArgs) {
  requireArea(args, 'learn');
  const form = await readForm(args.request);
  const run = operationRunner(args.context);
  try {
    if (form.get('intent') === 'withdraw') {
      await run(withdraw, {});
      return { ok: true, message: 'affiliate.withdrawn' };
    }
    await run(setPayoutNumber, { phone: String(form.get('phone') ?? '') });
    return { ok: true, message: 'affiliate.numberSaved' };
  } catch (err) {
    return refusalData(err, (e) => ({ ok: false, message: e.message }));
  }
}

export default function AffiliatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { role, dashboard, earnings } = loaderData;
  const { t, kes, number } = useFormat();
  return (
    <>
      <TopBar />
      <main className="affiliate-page">
        <Link to="/account" className="back">
          {t('affiliate.backToAccount')}
        </Link>
        <h1>{t('affiliate.title')}</h1>
        {!dashboard ? (
          <p>{t('affiliate.notForAdmins')}</p>
        ) : (
          <>
            <p className="affiliate-muted">{t('affiliate.intro')}</p>
            {dashboard.courses.length === 0 ? (
              <p className="empty">{t('affiliate.empty')}</p>
            ) : (
              <ul className="affiliate-courses">
                {dashboard.courses.map((c) => (
                  <li key={c.courseId} className="affiliate-course">
                    <h3>
                      <Link to={`/course/${c.courseId}`}>{c.title}</Link>
                    </h3>
                    <dl className="affiliate-figures">
                      <div>
                        <dt>{t('affiliate.clicks')}</dt>
                        <dd>{number(c.clicks)}</dd>
                      </div>
                      <div>
                        <dt>{t('affiliate.sales')}</dt>
                        <dd>{number(c.sales)}</dd>
                      </div>
                      <div>
                        <dt>{t('affiliate.earned')}</dt>
                        <dd>{kes(c.earned)}</dd>
                      </div>
                    </dl>
                    <p className="affiliate-url">{c.url}</p>
                  </li>
                ))}
              </ul>
            )}
            {role === 'creator' ? (
              <p>
                {t('affiliate.creatorPaid')} <Link to="/creator/earnings">{t('affiliate.earningsLink')}</Link>
              </p>
            ) : earnings ? (
              <Payouts earnings={earnings} result={actionData ?? null} />
            ) : null}
          </>
        )}
      </main>
    </>
  );
}

function Payouts({
  earnings,
  result,
}: {
  earnings: NonNullable<Route.ComponentProps['loaderData']['earnings']>;
  result: { ok: boolean; message: string } | null;
}) {
  const { t, kes } = useFormat();
  const busy = useNavigation().state !== 'idle';
  const { balances, account } = earnings;
  const lastPayout = earnings.payouts.find((p) => p.purpose === 'withdrawal');
  return (
    <section className="affiliate-payouts" aria-labelledby="affiliate-payouts-title">
      <h2 id="affiliate-payouts-title">{t('affiliate.payoutsTitle')}</h2>
      <dl className="affiliate-balances">
        <div>
          <dt>{t('affiliate.pending')}</dt>
          <dd>{kes(balances.pending)}</dd>
        </div>
        <div>
          <dt>{t('affiliate.available')}</dt>
          <dd>{kes(balances.available)}</dd>
        </div>
        <div>
          <dt>{t('affiliate.paidOut')}</dt>
          <dd>{kes(balances.paidOut + balances.inFlight)}</dd>
        </div>
      </dl>
      <p className="affiliate-muted">
        {t('affiliate.holdNote', { days: earnings.holdDays, min: kes(MIN_PAYOUT_KES) })}
      </p>
      {result ? (
        <p className={result.ok ? 'affiliate-ok' : 'affiliate-error'} role={result.ok ? 'status' : 'alert'}>
          {t(result.message)}
        </p>
      ) : null}
      {account.verifiedPhone ? (
        <p>
          {t('affiliate.paidTo', {
            phone: displayPhone(account.verifiedPhone),
            name: account.verifiedName ?? '',
          })}
        </p>
      ) : account.verifying ? (
        <p>{t('affiliate.verifying')}</p>
      ) : null}
      <Form method="post">
        <label htmlFor="payout-phone">{t('affiliate.numberLabel')}</label>
        <input
          id="payout-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={account.phone ? displayPhone(account.phone) : ''}
        />
        <button type="submit" className="btn btn-light" name="intent" value="number" disabled={busy}>
          {t('affiliate.saveNumber')}
        </button>
      </Form>
      {account.verifiedPhone ? (
        <Form method="post">
          <button
            type="submit"
            className="btn btn-primary"
            name="intent"
            value="withdraw"
            disabled={busy || balances.available < MIN_PAYOUT_KES}
          >
            {t('affiliate.withdraw', { amount: kes(Math.max(0, balances.available)) })}
          </button>
        </Form>
      ) : null}
      {lastPayout ? (
        <p className="affiliate-muted">
          {t('affiliate.lastPayout', {
            amount: kes(lastPayout.amount),
            status: t(`affiliate.payoutStatus.${lastPayout.status}`),
          })}
        </p>
      ) : null}
    </section>
  );
}
