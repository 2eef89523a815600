import { useMemo } from 'react';
import { Link, redirect } from 'react-router';
import { serverContext, throwNotFoundPage } from '#app/server/context.server.ts';
import { homePathFor } from '#app/server/access.server.ts';
import { analyticsQuery } from '#common/analytics/analyticsQuery.ts';
import { getCourseAnalytics, type CourseAnalytics } from '#app/server/analytics.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import { UChart } from '../components/charts/UChart.tsx';
import { loginPathFor } from '../lib/authRedirect.ts';
import { formatKes } from '../lib/format.ts';
import '../styles/admin.css';
import type { Route } from './+types/creatorAnalytics';

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: d ? `Analytics: ${d.analytics.course.title} — Darasa` : 'Analytics — Darasa' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { actor, services } = serverContext(args.context);
  const url = new URL(args.request.url);
  if (!actor) throw redirect(loginPathFor(url.pathname + url.search));
  // The course's creator or an admin; the module decides which course is theirs.
  if (actor.role === 'customer') throw redirect(homePathFor(actor.role));
  const q = analyticsQuery.safeParse(Object.fromEntries(url.searchParams));
  const days = q.success ? q.data.days : 30;
  try {
    return {
      actor,
      days,
      analytics: await getCourseAnalytics(services, actor, { courseId: args.params.courseId, days }),
    };
  } catch (err) {
    throwNotFoundPage(err);
  }
}

const RANGES = [7, 30, 90, 365];
const DAY_MS = 86_400_000;
const kes = (v: number) => formatKes(v);
const count = (v: number) => v.toLocaleString('en-KE');
const minutes = (v: number) => (v < 120 ? `${Math.round(v)} s` : `${Math.round(v / 60).toLocaleString('en-KE')} min`);
const pct = (v: number) => `${v}%`;

function useCharts(a: CourseAnalytics) {
  return useMemo(() => {
    // Noon of each Nairobi day, so the axis never slips a day in any actor's time zone.
    const x = a.days.map((d) => (Date.parse(`${d.day}T12:00:00+03:00`) / DAY_MS) * 86_400);
    const days = a.days.map((d) => d.day);
    const eps = a.episodes.map((e) => e.position);
    const epLabels = a.episodes.map((e) => `Ep ${e.position}`);
    return {
      enrollments: {
        x,
        xLabels: days,
        series: [{ label: 'Enrollments', values: a.days.map((d) => d.enrollments), color: '#e50914' }],
      },
      revenue: {
        x,
        xLabels: days,
        series: [{ label: 'Revenue (KES)', values: a.days.map((d) => d.revenue), color: '#46d369' }],
      },
      views: {
        x,
        xLabels: days,
        series: [
          { label: 'Trailer views', values: a.days.map((d) => d.trailerViews), color: '#f5c518' },
          { label: 'Preview views', values: a.days.map((d) => d.previewViews), color: '#54b9f0' },
        ],
      },
      watch: {
        x: eps,
        xLabels: epLabels,
        series: [{ label: 'Watch time', values: a.episodes.map((e) => e.watchSeconds), color: '#54b9f0' }],
      },
      completion: {
        x: eps,
        xLabels: epLabels,
        series: [{ label: 'Completion', values: a.episodes.map((e) => e.completionPct ?? 0), color: '#e50914' }],
      },
    };
  }, [a]);
}

export default function CreatorAnalytics({ loaderData }: Route.ComponentProps) {
  const { actor, days, analytics: a } = loaderData;
  const charts = useCharts(a);
  const back = actor.role === 'admin' ? '/admin/courses' : '/creator';
  return (
    <>
      <TopBar actor={actor} />
      <main className="admin">
        <Link to={back} className="btn btn-ghost btn-small" style={{ justifySelf: 'start' }}>
          ← Back
        </Link>
        <h1>Analytics: {a.course.title}</h1>
        <nav className="admin-nav" aria-label="Period">
          {RANGES.map((r) => (
            <Link
              key={r}
              to={`?days=${r}`}
              className={r === days ? 'active' : ''}
              aria-current={r === days ? 'page' : undefined}
            >
              {r === 365 ? '12 months' : `${r} days`}
            </Link>
          ))}
        </nav>
        <dl className="stat-grid">
          <div className="stat">
            <dt>Enrollments</dt>
            <dd>{count(a.totals.enrollments)}</dd>
          </div>
          <div className="stat">
            <dt>Revenue</dt>
            <dd>{kes(a.totals.revenue)}</dd>
          </div>
          <div className="stat">
            <dt>Trailer views</dt>
            <dd>{count(a.totals.trailerViews)}</dd>
          </div>
          <div className="stat">
            <dt>Preview views</dt>
            <dd>{count(a.totals.previewViews)}</dd>
          </div>
          <div className="stat">
            <dt>Watch time</dt>
            <dd>{minutes(a.totals.watchSeconds)}</dd>
          </div>
        </dl>
        <div className="chart-grid">
          <UChart title="Enrollments over time" {...charts.enrollments} format={count} />
          <UChart title="Revenue over time" {...charts.revenue} format={kes} />
          <UChart title="Trailer and preview views" {...charts.views} format={count} />
          {a.episodes.length ? (
            <>
              <UChart title="Watch time per episode" {...charts.watch} bars format={minutes} />
              <UChart title="Completion per episode" {...charts.completion} bars format={pct} />
            </>
          ) : (
            <p className="empty-hint">No episodes yet: watch time and completion appear once episodes are added.</p>
          )}
        </div>
        <p className="empty-hint">
          Days are Nairobi calendar days. Revenue is what you earn: paid purchases less refunds and Darasa’s fee. An
          episode is completed when a learner has watched 90% of it.
        </p>
      </main>
    </>
  );
}
