import { listAllPurchases, purchaseListQuery, refundPurchase } from '#app/server/admin.server.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, loadList, runAction } from '#app/server/adminPages.server.ts';
import { formatKes } from '../lib/format.ts';
import type { Route } from './+types/adminPurchases';

export function meta() {
  return [{ title: 'Purchases — Admin — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, purchaseListQuery, (s, q) => listAllPurchases(s.database.db, q));
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (services, actor, form) => {
    await refundPurchase(services, actor, { paymentId: field(form, 'id') });
    return 'Refunded through M-Pesa; access revoked.';
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
  return (
    <AdminListSection
      id="purchases"
      title="Purchases"
      page={page}
      error={error}
      emptyText="No purchases match."
      sorts={[
        ['createdAt', 'Date'],
        ['amount', 'Amount'],
      ]}
      filters={[{ name: 'status', label: 'Status', options: STATUSES.map((s) => [s, s]) }]}
      columns={['Buyer', 'Course', { label: 'Amount', num: true }, 'Status', 'Date', 'Actions']}
      row={(p) => (
        <tr key={p.id}>
          <td>
            {p.userName}
            <span className="sub">{p.userEmail}</span>
          </td>
          <td>{p.courseTitle}</td>
          <td className="num">{formatKes(p.amount)}</td>
          <td>
            <span className={`pill ${PILL[p.status] ?? ''}`}>{p.status}</span>
            {p.mpesaReceipt ? <span className="sub">{p.mpesaReceipt}</span> : null}
          </td>
          <td>{(p.paidAt ?? p.createdAt).slice(0, 16).replace('T', ' ')}</td>
          <td className="admin-actions">
            {p.status === 'paid' ? (
              <ActionButton
                intent="refund"
                id={p.id}
                label="Refund"
                danger
                confirmText={`Refund ${formatKes(p.amount)} to ${p.userName} through M-Pesa? Their access to the course ends.`}
              />
            ) : null}
          </td>
        </tr>
      )}
    />
  );
}
