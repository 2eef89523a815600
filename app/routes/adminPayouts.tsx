import { z } from 'zod';
import { adjustBalance, holdPayouts, listPayouts, payoutListQuery, retryPayout } from '#app/server/admin.server.ts';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import { localPhone } from '#common/phone.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { CreatorPayoutControls } from '../components/admin/CreatorPayoutControls.tsx';
import { formatKes } from '../lib/format.ts';
import type { Route } from './+types/adminPayouts';

export function meta() {
  return [{ title: 'Payouts — Admin — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, payoutListQuery, (s, q) => listPayouts(s.database.db, q));
}

const intents = z.enum(['retry', 'hold', 'release', 'adjust']);

export function action(args: Route.ActionArgs) {
  return runAction(args, async (services, actor, form) => {
    const id = field(form, 'id');
    switch (intentOf(form, intents)) {
      case 'retry':
        await retryPayout(services, actor, { payoutId: id });
        return 'Payout sent again.';
      case 'hold':
        await holdPayouts(services, actor, { creatorId: id, hold: true, reason: field(form, 'reason') });
        return 'Payouts on hold.';
      case 'release':
        await holdPayouts(services, actor, { creatorId: id, hold: false, reason: field(form, 'reason') });
        return 'Payouts released.';
      case 'adjust': {
        const { amount } = await adjustBalance(services, actor, {
          creatorId: id,
          amount: field(form, 'amount'),
          reason: field(form, 'reason'),
        });
        return `Balance adjusted by ${formatKes(amount)}.`;
      }
    }
  });
}

const PILL: Record<string, string> = { paid: 'good', failed: 'bad' };

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  return (
    <AdminListSection
      id="payouts"
      title="Payouts"
      page={page}
      error={error}
      emptyText="No payouts match."
      sorts={[
        ['createdAt', 'Date'],
        ['amount', 'Amount'],
      ]}
      filters={[
        { name: 'status', label: 'Status', options: ['requested', 'sent', 'paid', 'failed'].map((s) => [s, s]) },
      ]}
      columns={['Creator', { label: 'Amount', num: true }, 'Status', 'Date', 'Actions']}
      row={(p) => (
        <tr key={p.id}>
          <td>
            {p.creatorName}
            <span className="sub">{p.creatorEmail}</span>
            <span className="sub">{localPhone(p.phone)}</span>
          </td>
          <td className="num">
            {formatKes(p.amount)}
            {p.purpose === 'verification' ? <span className="sub">number check</span> : null}
          </td>
          <td>
            <span className={`pill ${PILL[p.status] ?? ''}`}>{p.status}</span>
            {p.receipt ? <span className="sub">{p.receipt}</span> : null}
            {p.failureReason ? <span className="sub">{p.failureReason}</span> : null}
          </td>
          <td>{p.createdAt.slice(0, 16).replace('T', ' ')}</td>
          <td className="admin-actions">
            {p.status === 'failed' && p.purpose !== 'verification' ? (
              <ActionButton
                intent="retry"
                id={p.id}
                label="Retry"
                confirmText={`Send ${formatKes(p.amount)} to ${p.creatorName} again?`}
              />
            ) : null}
            <CreatorPayoutControls creatorId={p.creatorId} name={p.creatorName} />
          </td>
        </tr>
      )}
    />
  );
}
