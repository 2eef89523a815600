import { requireArea } from '../lib/authGuard.ts';
import type { Route } from './+types/creator';

export function meta() {
  return [{ title: 'Creator Dashboard — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return { viewer: requireArea(args, 'creator') };
}

export default function CreatorDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <main className="page-message">
      <h1>Creator Dashboard</h1>
      <p>Welcome, {loaderData.viewer.name}. Your courses, sales and analytics are coming soon.</p>
    </main>
  );
}
