import { requireArea } from '../lib/authGuard.ts';
import type { Route } from './+types/admin';

export function meta() {
  return [{ title: 'Admin Dashboard — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return { viewer: requireArea(args, 'admin') };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <main className="page-message">
      <h1>Admin Dashboard</h1>
      <p>Welcome, {loaderData.viewer.name}. Platform figures and moderation tools are coming soon.</p>
    </main>
  );
}
