import { useFetcher } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

/** The settling fetcher, shared with the page: its answer shows above the list (SettleHeldPayoutStatus). */
export const SETTLE_HELD_PAYOUT = 'settle-held-payout';

/**
 * A held payout's decision for admins, after checking it with Safaricom: paid, or failed (the money goes
 * back to the creator's balance), with a note for the audit log. A payout held before it was sent (the
 * creator was suspended) can only fail.
 */
export function HeldPayoutControls({ payoutId, neverSent }: { payoutId: string; neverSent: boolean }) {
  const { t } = useT();
  const settle = useFetcher<{ ok: boolean; message: string }>({ key: SETTLE_HELD_PAYOUT });
  const busy = settle.state !== 'idle';
  return (
    <details className="payout-controls">
      <summary className="btn btn-ghost btn-small">{t('admin.payouts.settleHeld')}</summary>
      <settle.Form method="post" className="payout-control">
        <input type="hidden" name="id" value={payoutId} />
        <label>
          <span className="sub">{t('admin.payouts.settleNote')}</span>
          <input name="note" maxLength={300} required minLength={3} />
        </label>
        <div className="admin-actions">
          {neverSent ? null : (
            <button type="submit" name="intent" value="settlePaid" className="btn btn-small btn-ghost" disabled={busy}>
              {t('admin.payouts.markPaid')}
            </button>
          )}
          <button type="submit" name="intent" value="settleFailed" className="btn btn-small btn-danger" disabled={busy}>
            {t('admin.payouts.markFailed')}
          </button>
        </div>
      </settle.Form>
    </details>
  );
}

/**
 * The answer to settling a held payout, above the list: a settled payout leaves a list filtered to held or
 * sent payouts as soon as the list reloads, and an answer beside its buttons would leave with it.
 */
export function SettleHeldPayoutStatus() {
  const { t } = useT();
  const settle = useFetcher<{ ok: boolean; message: string }>({ key: SETTLE_HELD_PAYOUT });
  if (!settle.data || settle.state !== 'idle') return null;
  return (
    <p role="status" className={`sub ${settle.data.ok ? '' : 'error'}`}>
      {t(settle.data.message)}
    </p>
  );
}
