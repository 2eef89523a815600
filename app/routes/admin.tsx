import { NavLink, Outlet } from 'react-router';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import '../styles/admin.css';
import type { Route } from './+types/admin';

export function meta() {
  return [{ title: 'Admin Dashboard — Darasa' }];
}

// Each admin page's loader guards itself too (child loaders run in parallel with this one).
export function loader(args: Route.LoaderArgs) {
  return { actor: requireArea(args, 'admin') };
}

const TABS: [to: string, label: string][] = [
  ['/admin', 'Overview'],
  ['/admin/users', 'Users'],
  ['/admin/courses', 'Courses'],
  ['/admin/purchases', 'Purchases'],
  ['/admin/payouts', 'Payouts'],
  ['/admin/jobs', 'Media jobs'],
  ['/admin/reviews', 'Reviews'],
  ['/admin/audit', 'Audit log'],
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TopBar actor={loaderData.actor} />
      <main className="admin">
        <h1>Admin Dashboard</h1>
        <nav className="admin-nav" aria-label="Admin sections">
          {TABS.map(([to, label]) => (
            <NavLink key={to} to={to} end className={({ isActive }) => (isActive ? 'active' : '')}>
              {label}
            </NavLink>
          ))}
        </nav>
        <Outlet />
      </main>
    </>
  );
}
