import { Link } from 'react-router';
import { CertificateLinks } from '../components/certificates/CertificateLinks.tsx';
import { loadCustomerHome, parseCustomerTab, type CustomerTab } from '#app/server/accounts.server.ts';
import type { MyCourse } from '#app/server/learning.server.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { PurchaseAction } from '../components/purchase/PurchaseAction.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { PLAY_INTENT } from '../lib/playIntent.ts';
import '../styles/auth.css';
import type { Route } from './+types/customer';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.customer') }];
}

export function loader(args: Route.LoaderArgs) {
  return loadCustomerHome(args, { tab: parseCustomerTab(new URL(args.request.url).searchParams.get('tab')) });
}

const TABS: { key: CustomerTab; label: string }[] = [
  { key: 'all', label: 'customer.tab.all' },
  { key: 'featured', label: 'customer.tab.featured' },
  { key: 'mine', label: 'customer.tab.mine' },
];

const EMPTY: Record<CustomerTab, string> = {
  all: 'customer.empty.all',
  featured: 'customer.empty.featured',
  mine: 'customer.empty.mine',
};

export default function CustomerHome({ loaderData }: Route.ComponentProps) {
  const { name, newAccount, tab, courses, owned, purchase } = loaderData;
  const empty = tab === 'mine' ? owned.length === 0 : courses.length === 0;
  const { t } = useT();
  return (
    <>
      <TopBar />
      <main className="customer-home">
        <section className="welcome-banner">
          <h1>{t(newAccount ? 'auth.welcomeNew' : 'auth.welcomeBack', { name })}</h1>
          <p>{t('customer.pickUp')}</p>
          <p>
            <Link to="/customer/purchases">{t('customer.purchasesLink')}</Link>
          </p>
        </section>
        <nav className="tabs" aria-label={t('customer.tabs')}>
          {TABS.map((one) => (
            <Link
              key={one.key}
              className="tab"
              to={one.key === 'all' ? '/customer' : `/customer?tab=${one.key}`}
              aria-current={one.key === tab ? 'page' : undefined}
              preventScrollReset
            >
              {t(one.label)}
            </Link>
          ))}
        </nav>
        {empty ? (
          <p className="empty">
            {t(EMPTY[tab])}
            {tab === 'all' ? null : (
              <>
                {' '}
                — <Link to="/customer">{t('customer.browseAll')}</Link>
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
  const { t } = useT();
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
          aria-label={t('customer.progress', { title: course.title })}
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
            {t('customer.watched', { done: course.completedCount, count: course.lessonsCount })}
          </p>
        </div>
      </Link>
      {/* The tap is the gesture: the learning page starts playing at the saved position. */}
      <Link className="btn btn-primary" to={course.continueUrl} state={PLAY_INTENT}>
        {t('customer.continue')}
      </Link>
      {course.certificateCode ? <CertificateLinks code={course.certificateCode} courseTitle={course.title} /> : null}
    </div>
  );
}
