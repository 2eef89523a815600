import { listAuditLog } from '#app/server/admin.server.ts';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { loadList } from '#app/server/adminPages.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/adminAudit';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.audit') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, listAuditLog);
}

/** The details worth a glance: what was acted on, and the reason given. */
function summary(details: Record<string, unknown>): string {
  return ['title', 'email', 'amount', 'receipt', 'type', 'reason']
    .filter((k) => details[k] !== undefined)
    .map((k) => `${k}: ${String(details[k])}`)
    .join(' · ');
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const { t } = useT();
  return (
    <AdminListSection
      id="audit"
      title={t('admin.tab.audit')}
      page={page}
      error={error}
      emptyText={t('admin.audit.empty')}
      sorts={[['createdAt', t('admin.audit.when')]]}
      filters={[
        {
          name: 'targetType',
          label: t('admin.audit.about'),
          options: [
            ['course', t('admin.tab.courses')],
            ['user', t('admin.tab.users')],
            ['payment', t('admin.tab.purchases')],
            ['job', t('admin.audit.jobs')],
          ],
        },
      ]}
      columns={[t('admin.audit.whenNairobi'), t('admin.audit.who'), t('admin.audit.what'), t('admin.audit.details')]}
      row={(e) => (
        <tr key={e.id}>
          <td>{formatStamp(e.createdAt, 'second')}</td>
          <td>{e.actorName ?? e.actorId}</td>
          <td>
            {e.action}
            <span className="sub">
              {e.targetType} {e.targetId}
            </span>
          </td>
          <td>{summary(e.details)}</td>
        </tr>
      )}
    />
  );
}
