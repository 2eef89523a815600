import { getDashboard, getPlatformFees } from '#app/server/admin.server.ts';
import { asAdmin } from '#app/server/adminPages.server.ts';
import { StatCard } from '../components/admin/StatCard.tsx';
import { useFormat } from '../i18n/useFormat.ts';
import type { Route } from './+types/adminDashboard';

export async function loader(args: Route.LoaderArgs) {
  const run = asAdmin(args);
  const [dashboard, fees] = await Promise.all([run(getDashboard), run(getPlatformFees)]);
  return { ...dashboard, fees };
}

export default function AdminOverview({ loaderData: d }: Route.ComponentProps) {
  const { t, number: n, kes: formatKes } = useFormat();
  const isNew = (v: number) => t('admin.overview.new', { count: n(v) });
  return (
    <section aria-labelledby="overview-h" className="admin-section">
      <h2 id="overview-h" className="sr-only">
        {t('admin.tab.overview')}
      </h2>
      <dl className="stat-grid">
        <StatCard label={t('admin.tab.users')} value={n(d.users.total)} trend={d.users.new} format={isNew} />
        <StatCard label={t('admin.overview.customers')} value={n(d.users.customer)} />
        <StatCard label={t('admin.overview.creators')} value={n(d.users.creator)} />
        <StatCard label={t('admin.overview.admins')} value={n(d.users.admin)} />
        <StatCard label={t('admin.overview.suspended')} value={n(d.users.suspended)} />
      </dl>
      <dl className="stat-grid">
        <StatCard label={t('admin.tab.courses')} value={n(d.courses.total)} trend={d.courses.new} format={isNew} />
        <StatCard label={t('admin.overview.published')} value={n(d.courses.published)} />
        <StatCard label={t('admin.overview.draft')} value={n(d.courses.draft)} />
        <StatCard label={t('admin.overview.featured')} value={n(d.courses.featured)} />
      </dl>
      <dl className="stat-grid">
        <StatCard label={t('admin.tab.purchases')} value={n(d.purchases.total)} trend={d.purchases.new} format={n} />
        <StatCard label={t('admin.overview.refunded')} value={n(d.purchases.refunded)} />
        <StatCard
          label={t('admin.overview.revenue')}
          value={formatKes(d.revenue.total)}
          trend={d.revenue.new}
          format={formatKes}
        />
        <StatCard label={t('admin.overview.refunds')} value={formatKes(d.revenue.refunded)} />
        <StatCard label={t('admin.overview.fees')} value={formatKes(d.fees.total)} trend={d.fees} format={formatKes} />
      </dl>
      <p className="empty-hint">{t('admin.overview.note')}</p>
    </section>
  );
}
