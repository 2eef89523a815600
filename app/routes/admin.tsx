import { NavLink, Outlet } from 'react-router';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '../lib/authGuard.ts';
import '../styles/admin.css';
import type { Route } from './+types/admin';

export function meta() {
  return [{ title: 'Admin Dashboard — Darasa' }];
}

// Each admin page's loader guards itself too (child loaders run in parallel with this one).
export function loader(args: Route.LoaderArgs) {
  return { viewer: requireArea(args, 'admin') };
}

const TABS: [to: string, label: string][] = [
  ['/admin', 'Overview'],
  ['/admin/users', 'Users'],
  ['/admin/courses', 'Courses'],
  ['/admin/purchases', 'Purchases'],
  ['/admin/jobs', 'Media jobs'],
  ['/admin/audit', 'Audit log'],
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TopBar viewer={loaderData.viewer} />
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
