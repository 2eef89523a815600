import { useFetcher } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

/**
 * A creator's payout controls for admins: hold (or release) their payouts, or adjust their balance, each
 * with a reason that goes to the audit log (and, for a hold, to the creator's earnings page).
 */
export function CreatorPayoutControls({ creatorId, name }: { creatorId: string; name: string }) {
  const { t } = useT();
  const hold = useFetcher<{ ok: boolean; message: string }>();
  const adjust = useFetcher<{ ok: boolean; message: string; values?: Record<string, string> }>();
  return (
    <details className="payout-controls">
      <summary className="btn btn-ghost btn-small">{t('admin.payouts.holdAdjust')}</summary>
      <hold.Form method="post" className="payout-control">
        <input type="hidden" name="id" value={creatorId} />
        <label>
          <span className="sub">{t('admin.payouts.reasonShown', { name })}</span>
          <input name="reason" maxLength={300} />
        </label>
        <div className="admin-actions">
          <button
            type="submit"
            name="intent"
            value="hold"
            className="btn btn-small btn-danger"
            disabled={hold.state !== 'idle'}
          >
            {t('admin.payouts.hold')}
          </button>
          <button
            type="submit"
            name="intent"
            value="release"
            className="btn btn-small btn-ghost"
            disabled={hold.state !== 'idle'}
          >
            {t('admin.payouts.release')}
          </button>
        </div>
        {hold.data ? (
          <span role="status" className={`sub ${hold.data.ok ? '' : 'error'}`}>
            {t(hold.data.message)}
          </span>
        ) : null}
      </hold.Form>
      <adjust.Form method="post" className="payout-control">
        <input type="hidden" name="id" value={creatorId} />
        <input type="hidden" name="intent" value="adjust" />
        <label>
          <span className="sub">{t('admin.payouts.amount')}</span>
          <input name="amount" inputMode="numeric" pattern="-?[0-9]+" required />
        </label>
        <label>
          <span className="sub">{t('admin.payouts.reason')}</span>
          <input name="reason" maxLength={300} required minLength={3} />
        </label>
        <button type="submit" className="btn btn-small btn-ghost" disabled={adjust.state !== 'idle'}>
          {t('admin.payouts.adjust')}
        </button>
        {adjust.data ? (
          <span role="status" className={`sub ${adjust.data.ok ? '' : 'error'}`}>
            {t(adjust.data.message, adjust.data.values)}
          </span>
        ) : null}
      </adjust.Form>
    </details>
  );
}
