import { readForm } from '#app/server/readForm.server.ts';
import { useEffect } from 'react';
import { Form, Link, useActionData, useNavigation, useRevalidator } from 'react-router';
import {
  asCreator,
  getEarnings,
  refusalData,
  setPayoutNumber,
  setPayoutSchedule,
  withdraw,
} from '#app/server/earnings.server.ts';
import { localPhone } from '#common/phone.ts';
import { MIN_PAYOUT_KES, SCHEDULE_LABELS, type PayoutScheduleName } from '#common/payouts/payoutRules.ts';
import { TopBar } from '../components/TopBar.tsx';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/creatorEarnings';
import '../styles/studio.css';
import '../styles/earnings.css';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.studio.earnings') }) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { actor, run } = asCreator(args);
  return { actor, earnings: await run(getEarnings), month: formatStamp(new Date(), 'day').slice(0, 7) };
}

export async function action(args: Route.ActionArgs) {
  const { run } = asCreator(args);
  const form = await readForm(args.request);
  const f = (k: string) => String(form.get(k) ?? '');
  try {
    switch (f('intent')) {
      case 'withdraw':
        await run(withdraw, {});
        return { ok: true, message: 'Payout requested. It usually reaches your M-Pesa within a minute.' };
      case 'number':
        await run(setPayoutNumber, { phone: f('phone') });
        return { ok: true, message: 'We are sending KES 1 to this number to check it. This takes a few seconds.' };
      case 'schedule':
        await run(setPayoutSchedule, { schedule: f('schedule') });
        return { ok: true, message: 'Automatic payouts saved.' };
      default:
        return { ok: false, message: 'Unknown action.' };
    }
  } catch (err) {
    return refusalData(err, (e) => ({ ok: false, message: e.message }));
  }
}

export default function CreatorEarnings({ loaderData }: Route.ComponentProps) {
  const { actor, earnings: e, month } = loaderData;
  const { t, kes: formatKes, dateTime: when } = useFormat();
  const result = useActionData<typeof action>();
  const nav = useNavigation();
  const busy = nav.state !== 'idle' ? String(nav.formData?.get('intent') ?? '') : '';
  const { revalidate, state } = useRevalidator();
  // A payout or number check on its way: refresh until M-Pesa has answered (a held one waits for people).
  const waiting = e.payouts.some((p) => (p.status === 'requested' || p.status === 'sent') && !p.held);
  useEffect(() => {
    if (!waiting || state !== 'idle') return;
    const t = setTimeout(() => void revalidate(), 2000);
    return () => clearTimeout(t);
  }, [waiting, state, revalidate]);
  const canWithdraw = !!e.account.verifiedPhone && !e.account.holdReason && e.balances.available >= MIN_PAYOUT_KES;
  return (
    <>
      <TopBar actor={actor} />
      <main className="studio earnings">
        <Link to="/creator" className="btn btn-ghost btn-small back">
          ← {t('studio.dashboard.title')}
        </Link>
        <h1>{t('studio.earnings.title')}</h1>
        {result ? (
          <p role="status" className={result.ok ? 'notice' : 'notice error'}>
            {t(result.message)}
          </p>
        ) : null}
        {e.account.holdReason ? (
          <p className="notice error" role="alert">
            {t('studio.earnings.onHold', { reason: e.account.holdReason })}
          </p>
        ) : null}
        <dl className="studio-totals earnings-totals">
          <div className="earnings-available">
            <dt>{t('studio.earnings.available')}</dt>
            <dd data-testid="available">{formatKes(e.balances.available)}</dd>
          </div>
          <div>
            <dt>{t('studio.earnings.pending', { days: e.holdDays })}</dt>
            <dd data-testid="pending">{formatKes(e.balances.pending)}</dd>
          </div>
          <div>
            <dt>{t('studio.earnings.inFlight')}</dt>
            <dd>{formatKes(e.balances.inFlight)}</dd>
          </div>
          <div>
            <dt>{t('studio.earnings.paidOut')}</dt>
            <dd data-testid="paid-out">{formatKes(e.balances.paidOut)}</dd>
          </div>
        </dl>
        {e.balances.available < 0 ? (
          <p className="field-hint">{t('studio.earnings.negative', { amount: formatKes(-e.balances.available) })}</p>
        ) : null}
        <Form method="post" className="earnings-withdraw">
          <input type="hidden" name="intent" value="withdraw" />
          <button type="submit" className="btn btn-primary" disabled={!canWithdraw || busy === 'withdraw'}>
            {busy === 'withdraw'
              ? t('studio.earnings.requesting')
              : t('studio.earnings.withdraw', { amount: formatKes(Math.max(0, e.balances.available)) })}
          </button>
          <p className="field-hint">
            {e.account.verifiedPhone
              ? t('studio.earnings.to', {
                  phone: `${localPhone(e.account.verifiedPhone)}${e.account.verifiedName ? ` (${e.account.verifiedName})` : ''}`,
                  min: formatKes(MIN_PAYOUT_KES),
                })
              : t('studio.earnings.addNumber')}
            {e.nextAutoPayoutAt ? ` ${t('studio.earnings.nextAuto', { at: when(e.nextAutoPayoutAt) })}` : ''}
          </p>
        </Form>

        <h2>{t('studio.earnings.payouts')}</h2>
        {e.payouts.length === 0 ? (
          <p className="empty-hint">{t('studio.earnings.noPayouts', { days: e.holdDays })}</p>
        ) : (
          <ul className="earnings-payouts">
            {e.payouts.map((p) => (
              <li key={p.id} className={`payout payout-${p.status}`}>
                <div className="payout-main">
                  <strong>
                    {p.purpose === 'verification' ? t('studio.earnings.numberCheck') : formatKes(p.amount)}
                  </strong>
                  <span className={`pill ${p.status === 'paid' ? 'good' : p.status === 'failed' ? 'bad' : 'warn'}`}>
                    {t(p.held ? 'studio.payout.status.held' : `studio.payout.status.${p.status}`)}
                  </span>
                </div>
                <span className="payout-meta">
                  {when(p.createdAt)} · {localPhone(p.phone)}
                  {p.receipt ? (
                    <>
                      {' '}
                      · M-Pesa <span data-testid="receipt">{p.receipt}</span>
                    </>
                  ) : null}
                </span>
                {p.failureReason ? <span className="payout-reason">{t(p.failureReason)}</span> : null}
                {p.held ? <span className="payout-reason">{t('studio.payout.heldHint')}</span> : null}
              </li>
            ))}
          </ul>
        )}

        <h2>{t('studio.earnings.statement')}</h2>
        <form method="get" action="/creator/earnings/statement" className="earnings-statement">
          <label className="field">
            <span className="field-label">{t('studio.earnings.month')}</span>
            <input type="month" name="month" defaultValue={month} required />
          </label>
          <div className="form-actions">
            <button type="submit" className="btn btn-light btn-small">
              {t('studio.earnings.viewStatement')}
            </button>
            <button
              type="submit"
              formAction="/api/earnings/statement"
              name="format"
              value="csv"
              className="btn btn-ghost btn-small"
            >
              {t('studio.earnings.csv')}
            </button>
          </div>
        </form>

        <h2>{t('studio.earnings.settings')}</h2>
        <Form method="post" className="studio-form">
          <input type="hidden" name="intent" value="number" />
          <label className="field">
            <span className="field-label">{t('studio.earnings.number')}</span>
            <input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0712 345 678"
              defaultValue={e.account.phone ? localPhone(e.account.phone) : ''}
              required
            />
            <span className="field-hint">
              {e.account.verifying
                ? t('studio.earnings.checking')
                : e.account.verifiedPhone
                  ? t('studio.earnings.verified', { phone: localPhone(e.account.verifiedPhone) })
                  : t('studio.earnings.willCheck')}
            </span>
          </label>
          <div className="form-actions">
            <button type="submit" className="btn btn-light" disabled={busy === 'number'}>
              {busy === 'number' ? t('studio.saving') : t('studio.earnings.saveVerify')}
            </button>
          </div>
        </Form>
        <Form method="post" className="studio-form">
          <input type="hidden" name="intent" value="schedule" />
          <fieldset className="field">
            <legend className="field-label">{t('studio.earnings.auto')}</legend>
            {(Object.keys(SCHEDULE_LABELS) as PayoutScheduleName[]).map((s) => (
              <label key={s} className="earnings-radio">
                <input type="radio" name="schedule" value={s} defaultChecked={e.account.schedule === s} />
                {t(`studio.payout.schedule.${s}`)}
              </label>
            ))}
            <span className="field-hint">{t('studio.earnings.autoHint')}</span>
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn-light" disabled={!e.account.phone || busy === 'schedule'}>
              {t('studio.earnings.saveSchedule')}
            </button>
          </div>
        </Form>
        <p className="field-hint">{t('studio.earnings.fee', { percent: e.feePercent })}</p>
      </main>
    </>
  );
}
