import { NavLink, Outlet } from 'react-router';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import '../styles/admin.css';
import { serverContext } from '#app/server/context.server.ts';
import { areaMetaCatalogue } from '../i18n/metaCatalogue.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useAreaCatalogue } from '../i18n/useAreaCatalogue.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/admin';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.dashboard') }) }];
}

// Each admin page's loader guards itself too (child loaders run in parallel with this one). The admin's
// page titles come with it, in the page's language (decision 0030).
export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'admin');
  return { actor, areaMeta: await areaMetaCatalogue('admin', serverContext(args.context).locale) };
}

const TABS: [to: string, id: string][] = [
  ['/admin', 'admin.tab.overview'],
  ['/admin/users', 'admin.tab.users'],
  ['/admin/courses', 'admin.tab.courses'],
  ['/admin/purchases', 'admin.tab.purchases'],
  ['/admin/payouts', 'admin.tab.payouts'],
  ['/admin/jobs', 'admin.tab.jobs'],
  ['/admin/reviews', 'admin.tab.reviews'],
  ['/admin/questions', 'admin.tab.questions'],
  ['/admin/search', 'admin.tab.search'],
  ['/admin/audit', 'admin.tab.audit'],
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // A client-side navigation into the admin loads its catalogue before the first render (decision 0030).
  useAreaCatalogue('admin');
  const { t } = useT();
  return (
    <>
      <TopBar actor={loaderData.actor} />
      <main className="admin">
        <h1>{t('admin.title')}</h1>
        <nav className="admin-nav" aria-label={t('admin.sections')}>
          {TABS.map(([to, id]) => (
            <NavLink key={to} to={to} end className={({ isActive }) => (isActive ? 'active' : '')}>
              {t(id)}
            </NavLink>
          ))}
        </nav>
        <Outlet />
      </main>
    </>
  );
}
