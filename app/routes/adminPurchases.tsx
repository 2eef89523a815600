import { listAllPurchases, refundPurchase } from '#app/server/admin.server.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, loadList, runAction } from '#app/server/adminPages.server.ts';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/adminPurchases';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.purchases') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, listAllPurchases);
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    await run(refundPurchase, { paymentId: field(form, 'id') });
    return 'Refund asked of M-Pesa; access stays until M-Pesa confirms the money is back.';
  });
}

const PILL: Record<string, string> = {
  paid: 'good',
  refunded: 'warn',
  failed: 'bad',
  cancelled: 'bad',
  expired: 'bad',
};
const STATUSES = ['paid', 'refunded', 'pending', 'created', 'failed', 'cancelled', 'expired'];

export default function AdminPurchases({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const { t, kes: formatKes } = useFormat();
  return (
    <AdminListSection
      id="purchases"
      title={t('admin.tab.purchases')}
      page={page}
      error={error}
      emptyText={t('admin.purchases.empty')}
      sorts={[
        ['createdAt', t('admin.date')],
        ['amount', t('admin.amount')],
      ]}
      filters={[
        { name: 'status', label: t('admin.status'), options: STATUSES.map((s) => [s, t(`admin.payment.${s}`)]) },
      ]}
      columns={[
        t('admin.purchases.buyer'),
        t('admin.courses.course'),
        { label: t('admin.amount'), num: true },
        t('admin.status'),
        t('admin.date'),
        t('admin.actions'),
      ]}
      row={(p) => (
        <tr key={p.id}>
          <td>
            {p.userName}
            <span className="sub">{p.userEmail}</span>
          </td>
          <td>
            {p.bundleTitle ?? p.courseTitle}
            {p.bundleTitle ? <span className="sub">{t('admin.purchases.bundle')}</span> : null}
            {p.instalment ? <span className="sub">{t('admin.purchases.instalment', p.instalment)}</span> : null}
          </td>
          <td className="num">{formatKes(p.amount)}</td>
          <td>
            {p.refund ? (
              <span className={`pill ${p.refund.status === 'failed' ? 'bad' : 'warn'}`}>
                {t(p.refund.status === 'failed' ? 'admin.purchases.refundFailed' : 'admin.purchases.refundRequested')}
              </span>
            ) : (
              <span className={`pill ${PILL[p.status] ?? ''}`}>{t(`admin.payment.${p.status}`)}</span>
            )}
            {p.gift ? <span className="sub">{t(`admin.purchases.gift.${p.gift}`)}</span> : null}
            {p.mpesaReceipt ? <span className="sub">{p.mpesaReceipt}</span> : null}
            {p.refund?.reason ? <span className="sub error">{p.refund.reason}</span> : null}
            {p.otherMoney.map((m) => (
              <span key={m.id} className={`sub${m.state === 'held' || m.state === 'return_failed' ? ' error' : ''}`}>
                {m.state === 'held'
                  ? t('admin.purchases.held', { amount: formatKes(m.amount), reason: m.reason ?? '' })
                  : t('admin.purchases.extra', {
                      amount: formatKes(m.amount),
                      state: t(`admin.purchases.extra.${m.state}`),
                    })}
                {m.transId ? ` · ${m.transId}` : ''}
                {m.state === 'return_failed' && m.reason ? ` · ${m.reason}` : ''}
              </span>
            ))}
          </td>
          <td>{formatStamp(p.paidAt ?? p.createdAt)}</td>
          <td className="admin-actions">
            {p.status === 'paid' && p.refund?.status !== 'requested' && p.gift !== 'claimed' ? (
              <ActionButton
                intent="refund"
                id={p.id}
                label={t(p.refund ? 'admin.purchases.retryRefund' : 'admin.purchases.refund')}
                danger
                confirmText={t('admin.purchases.refundConfirm', { amount: formatKes(p.amount), name: p.userName })}
              />
            ) : null}
          </td>
        </tr>
      )}
    />
  );
}
