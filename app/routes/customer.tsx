import { Link } from 'react-router';
import { CertificateLinks } from '../components/certificates/CertificateLinks.tsx';
import { listCustomerGrid, parseCustomerTab, type CustomerTab } from '#app/server/accounts.server.ts';
import { listMyCourses, type MyCourse } from '#app/server/learning.server.ts';
import { getPurchaseState } from '#app/server/payments.server.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { PurchaseAction } from '../components/purchase/PurchaseAction.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import { serverContext } from '#app/server/context.server.ts';
import '../styles/auth.css';
import type { Route } from './+types/customer';

export function meta() {
  return [{ title: 'My Darasa' }];
}

export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'customer');
  const { services } = serverContext(args.context);
  const tab = parseCustomerTab(new URL(args.request.url).searchParams.get('tab'));
  const db = services.database.db;
  if (tab === 'mine')
    return { name: actor.name, tab, courses: [], owned: await listMyCourses(db, actor.userId), purchase: null };
  const courses = await listCustomerGrid(db, tab);
  const purchase = await getPurchaseState(
    services,
    actor,
    courses.map((c) => c.id),
  );
  return { name: actor.name, tab, courses, owned: [], purchase };
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
  const { name, tab, courses, owned, purchase } = loaderData;
  const empty = tab === 'mine' ? owned.length === 0 : courses.length === 0;
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
            <Link
              key={t.key}
              className="tab"
              to={t.key === 'all' ? '/customer' : `/customer?tab=${t.key}`}
              aria-current={t.key === tab ? 'page' : undefined}
              preventScrollReset
            >
              {t.label}
            </Link>
          ))}
        </nav>
        {empty ? (
          <p className="empty">
            {EMPTY[tab]}
            {tab === 'all' ? null : (
              <>
                {' '}
                — <Link to="/customer">browse all courses</Link>
              </>
            )}
          </p>
        ) : tab === 'mine' ? (
          <div className="grid">
            {owned.map((c) => (
              <OwnedCourse key={c.id} course={c} />
            ))}
          </div>
        ) : (
          <div className="grid">
            {courses.map((c) => (
              <div key={c.id} className="owned-card">
                <CourseCard course={c} />
                {purchase ? (
                  <div className="card-purchase">
                    <PurchaseAction
                      course={c}
                      owned={purchase.owned.includes(c.id)}
                      buyable={purchase.buyable.includes(c.id)}
                      phone={purchase.phone}
                    />
                  </div>
                ) : null}
              </div>
            ))}
          </div>
        )}
      </main>
    </>
  );
}

/** A bought course: its card, how far the learner got, and where "Continue watching" picks up. */
function OwnedCourse({ course }: { course: MyCourse }) {
  return (
    <div className="owned-card">
      <Link to={`/course/${course.id}`} className="card">
        <div className="card-thumb">
          {course.thumbnail ? (
            <img
              src={course.thumbnail.src}
              srcSet={course.thumbnail.srcSet}
              sizes="(max-width: 600px) 45vw, 240px"
              width={640}
              height={360}
              loading="lazy"
              alt=""
            />
          ) : null}
        </div>
        <div
          className="owned-progress"
          role="progressbar"
          aria-label={`${course.title} progress`}
          aria-valuenow={course.percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${course.percent}%` }} />
        </div>
        <div className="card-body">
          <h3 className="card-title">{course.title}</h3>
          <p className="card-meta">{course.creatorName}</p>
          <p className="card-meta">
            {course.completedCount} of {course.lessonsCount} episodes watched
          </p>
        </div>
      </Link>
      <Link className="btn btn-primary" to={course.continueUrl}>
        Continue watching
      </Link>
      {course.certificateCode ? <CertificateLinks code={course.certificateCode} courseTitle={course.title} /> : null}
    </div>
  );
}
