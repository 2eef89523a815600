import { getDashboard, getPlatformFees } from '#app/server/admin.server.ts';
import { adminContext } from '#app/server/adminPages.server.ts';
import { StatCard } from '../components/admin/StatCard.tsx';
import { formatKes } from '../lib/format.ts';
import type { Route } from './+types/adminDashboard';

export async function loader(args: Route.LoaderArgs) {
  const { services } = adminContext(args);
  const [dashboard, fees] = await Promise.all([
    getDashboard(services.database.db),
    getPlatformFees(services.database.db),
  ]);
  return { ...dashboard, fees };
}

const n = (v: number) => v.toLocaleString('en-KE');

export default function AdminOverview({ loaderData: d }: Route.ComponentProps) {
  return (
    <section aria-labelledby="overview-h" className="admin-section">
      <h2 id="overview-h" className="sr-only">
        Overview
      </h2>
      <dl className="stat-grid">
        <StatCard label="Users" value={n(d.users.total)} trend={d.users.new} format={(v) => `${n(v)} new`} />
        <StatCard label="Customers" value={n(d.users.customer)} />
        <StatCard label="Creators" value={n(d.users.creator)} />
        <StatCard label="Admins" value={n(d.users.admin)} />
        <StatCard label="Suspended" value={n(d.users.suspended)} />
      </dl>
      <dl className="stat-grid">
        <StatCard label="Courses" value={n(d.courses.total)} trend={d.courses.new} format={(v) => `${n(v)} new`} />
        <StatCard label="Published" value={n(d.courses.published)} />
        <StatCard label="Draft" value={n(d.courses.draft)} />
        <StatCard label="Featured" value={n(d.courses.featured)} />
      </dl>
      <dl className="stat-grid">
        <StatCard label="Purchases" value={n(d.purchases.total)} trend={d.purchases.new} format={n} />
        <StatCard label="Refunded" value={n(d.purchases.refunded)} />
        <StatCard label="Revenue" value={formatKes(d.revenue.total)} trend={d.revenue.new} format={formatKes} />
        <StatCard label="Refunds" value={formatKes(d.revenue.refunded)} />
        <StatCard label="Platform fees" value={formatKes(d.fees.total)} trend={d.fees} format={formatKes} />
      </dl>
      <p className="empty-hint">
        Months are calendar months in Nairobi time; revenue is paid purchases less refunds; platform fees are Darasa’s
        share of them (less refunded fees).
      </p>
    </section>
  );
}
