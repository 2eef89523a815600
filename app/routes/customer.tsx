import { Link } from 'react-router';
import { getCustomerHome, parseCustomerTab, type CustomerTab } from '../../server/modules/accounts/getCustomerHome.ts';
import { getPurchaseState } from '../../server/modules/payments/getPurchaseState.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { PurchaseAction } from '../components/purchase/PurchaseAction.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '../lib/authGuard.ts';
import { serverContext } from '../lib/serverContext.ts';
import '../styles/auth.css';
import type { Route } from './+types/customer';

export function meta() {
  return [{ title: 'My Darasa' }];
}

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireArea(args, 'customer');
  const { services } = serverContext(args.context);
  const tab = parseCustomerTab(new URL(args.request.url).searchParams.get('tab'));
  const courses = await getCustomerHome(services.database.db, viewer.userId, tab);
  const purchase = await getPurchaseState(services.database.db, viewer, courses.map((c) => c.id));
  return { name: viewer.name, tab, courses, purchase };
}

const TABS: { key: CustomerTab; label: string }[] = [
  { key: 'all', label: 'All Courses' },
  { key: 'featured', label: 'Featured' },
  { key: 'mine', label: 'My Courses' },
];

const EMPTY: Record<CustomerTab, string> = {
  all: 'No courses available yet',
  featured: 'No featured courses right now',
  mine: 'You have not bought any courses yet',
};

export default function CustomerHome({ loaderData }: Route.ComponentProps) {
  const { name, tab, courses, purchase } = loaderData;
  return (
    <>
      <TopBar />
      <main className="customer-home">
        <section className="welcome-banner">
          <h1>Welcome back, {name}!</h1>
          <p>Pick up where you left off, or find something new to learn.</p>
          <p>
            <Link to="/customer/purchases">Purchases &amp; receipts</Link>
          </p>
        </section>
        <nav className="tabs" aria-label="Course lists">
          {TABS.map((t) => (
            <Link key={t.key} className="tab" to={t.key === 'all' ? '/customer' : `/customer?tab=${t.key}`} aria-current={t.key === tab ? 'page' : undefined} preventScrollReset>
              {t.label}
            </Link>
          ))}
        </nav>
        {courses.length === 0 ? (
          <p className="empty">
            {EMPTY[tab]}
            {tab === 'all' ? null : (
              <>
                {' '}
                — <Link to="/customer">browse all courses</Link>
              </>
            )}
          </p>
        ) : (
          <div className="grid">
            {courses.map((c) =>
              tab === 'mine' ? (
                <div key={c.id} className="owned-card">
                  <CourseCard course={c} />
                  <Link className="btn btn-primary" to={`/learn/${c.id}/1`}>
                    Continue watching
                  </Link>
                </div>
              ) : (
                <div key={c.id} className="owned-card">
                  <CourseCard course={c} />
                  <div className="card-purchase">
                    <PurchaseAction
                      course={c}
                      owned={purchase.owned.includes(c.id)}
                      buyable={purchase.buyable.includes(c.id)}
                      phone={purchase.phone}
                    />
                  </div>
                </div>
              ),
            )}
          </div>
        )}
      </main>
    </>
  );
}
