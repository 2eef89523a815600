import { z } from 'zod';
import { adjustBalance, holdPayouts, listPayouts, retryPayout, settleHeldPayout } from '#app/server/admin.server.ts';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import { localPhone } from '#common/phone.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { CreatorPayoutControls } from '../components/admin/CreatorPayoutControls.tsx';
import { HeldPayoutControls, SettleHeldPayoutStatus } from '../components/admin/HeldPayoutControls.tsx';
import { formatKes } from '../lib/format.ts';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/adminPayouts';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.payouts') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, listPayouts);
}

const intents = z.enum(['retry', 'hold', 'release', 'adjust', 'settlePaid', 'settleFailed']);

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    const id = field(form, 'id');
    switch (intentOf(form, intents)) {
      case 'retry':
        await run(retryPayout, { payoutId: id });
        return 'Payout sent again.';
      case 'hold':
        await run(holdPayouts, { creatorId: id, hold: true, reason: field(form, 'reason') });
        return 'Payouts on hold.';
      case 'release':
        await run(holdPayouts, { creatorId: id, hold: false, reason: field(form, 'reason') });
        return 'Payouts released.';
      case 'settlePaid':
        await run(settleHeldPayout, { payoutId: id, outcome: 'paid', note: field(form, 'note') });
        return 'Payout marked paid.';
      case 'settleFailed':
        await run(settleHeldPayout, { payoutId: id, outcome: 'failed', note: field(form, 'note') });
        return 'Payout marked failed; the money is back in the creator’s balance.';
      case 'adjust': {
        const { amount } = await run(adjustBalance, {
          creatorId: id,
          amount: field(form, 'amount'),
          reason: field(form, 'reason'),
        });
        return { message: 'Balance adjusted by {amount}.', values: { amount: formatKes(amount) } };
      }
    }
  });
}

const PILL: Record<string, string> = { paid: 'good', failed: 'bad' };
/** Open and waiting for an admin (M-Pesa disagreed) or a restored account. */
const held = (p: { holdKind: string | null; status: string }) =>
  p.holdKind !== null && (p.status === 'requested' || p.status === 'sent');

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const { t, kes } = useFormat();
  return (
    <>
      <SettleHeldPayoutStatus />
      <AdminListSection
        id="payouts"
        title={t('admin.tab.payouts')}
        page={page}
        error={error}
        emptyText={t('admin.payouts.empty')}
        sorts={[
          ['createdAt', t('admin.date')],
          ['amount', t('admin.amount')],
        ]}
        filters={[
          {
            name: 'status',
            label: t('admin.status'),
            options: ['requested', 'sent', 'paid', 'failed'].map((s) => [s, t(`admin.payout.${s}`)]),
          },
        ]}
        columns={[
          t('admin.payouts.creator'),
          { label: t('admin.amount'), num: true },
          t('admin.status'),
          t('admin.date'),
          t('admin.actions'),
        ]}
        row={(p) => (
          <tr key={p.id}>
            <td>
              {p.creatorName}
              <span className="sub">{p.creatorEmail}</span>
              <span className="sub">{localPhone(p.phone)}</span>
            </td>
            <td className="num">
              {kes(p.amount)}
              {p.purpose === 'verification' ? <span className="sub">{t('admin.payouts.numberCheck')}</span> : null}
            </td>
            <td>
              {held(p) ? (
                <>
                  <span className="pill bad">{t('admin.payout.held')}</span>
                  <span className="sub" data-testid="hold-reason">
                    {p.holdKind === 'suspended' ? t('admin.payouts.heldSuspended') : p.holdReason}
                  </span>
                </>
              ) : (
                <span className={`pill ${PILL[p.status] ?? ''}`}>{t(`admin.payout.${p.status}`)}</span>
              )}
              {p.receipt ? <span className="sub">{p.receipt}</span> : null}
              {p.failureReason ? <span className="sub">{p.failureReason}</span> : null}
            </td>
            <td>{formatStamp(p.createdAt)}</td>
            <td className="admin-actions">
              {p.status === 'failed' && p.purpose !== 'verification' ? (
                <ActionButton
                  intent="retry"
                  id={p.id}
                  label={t('admin.retry')}
                  confirmText={t('admin.payouts.retryConfirm', { amount: kes(p.amount), name: p.creatorName })}
                />
              ) : null}
              {held(p) ? <HeldPayoutControls payoutId={p.id} neverSent={p.holdKind === 'suspended'} /> : null}
              <CreatorPayoutControls creatorId={p.creatorId} name={p.creatorName} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
