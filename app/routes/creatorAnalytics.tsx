import { useMemo } from 'react';
import { Link } from 'react-router';
import { loadCourseAnalytics, type CourseAnalytics } from '#app/server/analytics.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import { QuizMisses } from '../components/studio/QuizMisses.tsx';
import { UChart } from '../components/charts/UChart.tsx';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import { useLingui } from '@lingui/react';
import { formatDate, formatKes, formatNumber } from '#common/i18n/formatting.ts';
import type { UiLocale } from '#common/i18n/uiLocale.ts';
import '../styles/admin.css';
import type { Route } from './+types/creatorAnalytics';

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const title = d ? t('meta.studio.analyticsOf', { title: d.analytics.course.title }) : t('meta.studio.analytics');
  return [{ title: t('meta.pageTitle', { title }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadCourseAnalytics(args);
}

const RANGES = [7, 30, 90, 365];
const DAY_MS = 86_400_000;
/** The charts' number formats in the page's language (stable per language, so the charts draw once). */
function useFormats() {
  const { i18n } = useLingui();
  const locale = i18n.locale as UiLocale;
  return useMemo(
    () => ({
      kes: (v: number) => formatKes(v, locale),
      count: (v: number) => formatNumber(v, locale),
      minutes: (v: number) =>
        v < 120
          ? i18n._('studio.analytics.seconds', { n: Math.round(v) })
          : i18n._('studio.analytics.minutes', { n: formatNumber(Math.round(v / 60), locale) }),
      pct: (v: number) => i18n._('studio.analytics.percent', { n: v }),
    }),
    [i18n, locale],
  );
}

function useCharts(a: CourseAnalytics) {
  const { i18n } = useLingui();
  return useMemo(() => {
    const t = (id: string) => i18n._(id);
    // Noon of each Nairobi day, so the axis never slips a day in any actor's time zone.
    const x = a.days.map((d) => (Date.parse(`${d.day}T12:00:00+03:00`) / DAY_MS) * 86_400);
    const days = a.days.map((d) => formatDate(`${d.day}T12:00:00+03:00`, i18n.locale as UiLocale));
    const eps = a.episodes.map((e) => e.position);
    const epLabels = a.episodes.map((e) => i18n._('studio.analytics.ep', { n: e.position }));
    return {
      enrollments: {
        x,
        xLabels: days,
        series: [
          { label: t('studio.analytics.enrollments'), values: a.days.map((d) => d.enrollments), color: '#e50914' },
        ],
      },
      revenue: {
        x,
        xLabels: days,
        series: [{ label: t('studio.analytics.revenueKes'), values: a.days.map((d) => d.revenue), color: '#46d369' }],
      },
      views: {
        x,
        xLabels: days,
        series: [
          { label: t('studio.analytics.trailerViews'), values: a.days.map((d) => d.trailerViews), color: '#f5c518' },
          { label: t('studio.analytics.previewViews'), values: a.days.map((d) => d.previewViews), color: '#54b9f0' },
        ],
      },
      watch: {
        x: eps,
        xLabels: epLabels,
        series: [
          { label: t('studio.analytics.watchTime'), values: a.episodes.map((e) => e.watchSeconds), color: '#54b9f0' },
        ],
      },
      completion: {
        x: eps,
        xLabels: epLabels,
        series: [
          {
            label: t('studio.analytics.completion'),
            values: a.episodes.map((e) => e.completionPct ?? 0),
            color: '#e50914',
          },
        ],
      },
    };
  }, [a, i18n]);
}

export default function CreatorAnalytics({ loaderData }: Route.ComponentProps) {
  const { actor, days, analytics: a, quizQuestions } = loaderData;
  const { t } = useFormat();
  const { kes, count, minutes, pct } = useFormats();
  const charts = useCharts(a);
  const back = actor.role === 'admin' ? '/admin/courses' : '/creator';
  return (
    <>
      <TopBar actor={actor} />
      <main className="admin">
        <Link to={back} className="btn btn-ghost btn-small" style={{ justifySelf: 'start' }}>
          ← {t('studio.analytics.back')}
        </Link>
        <h1>{t('studio.analytics.title', { title: a.course.title })}</h1>
        <nav className="admin-nav period-nav" aria-label={t('studio.analytics.period')}>
          {RANGES.map((r) => (
            <Link
              key={r}
              to={`?days=${r}`}
              className={r === days ? 'active' : ''}
              aria-current={r === days ? 'page' : undefined}
            >
              {r === 365 ? t('studio.analytics.12months') : t('studio.analytics.days', { count: r })}
            </Link>
          ))}
        </nav>
        <dl className="stat-grid">
          <div className="stat">
            <dt>{t('studio.analytics.enrollments')}</dt>
            <dd>{count(a.totals.enrollments)}</dd>
          </div>
          <div className="stat">
            <dt>{t('studio.dashboard.revenue')}</dt>
            <dd>{kes(a.totals.revenue)}</dd>
          </div>
          <div className="stat">
            <dt>{t('studio.analytics.trailerViews')}</dt>
            <dd>{count(a.totals.trailerViews)}</dd>
          </div>
          <div className="stat">
            <dt>{t('studio.analytics.previewViews')}</dt>
            <dd>{count(a.totals.previewViews)}</dd>
          </div>
          <div className="stat">
            <dt>{t('studio.analytics.watchTime')}</dt>
            <dd>{minutes(a.totals.watchSeconds)}</dd>
          </div>
        </dl>
        <div className="chart-grid">
          <UChart title={t('studio.analytics.enrollmentsChart')} {...charts.enrollments} format={count} />
          <UChart title={t('studio.analytics.revenueChart')} {...charts.revenue} format={kes} />
          <UChart title={t('studio.analytics.viewsChart')} {...charts.views} format={count} />
          {a.episodes.length ? (
            <>
              <UChart title={t('studio.analytics.watchChart')} {...charts.watch} bars format={minutes} />
              <UChart title={t('studio.analytics.completionChart')} {...charts.completion} bars format={pct} />
            </>
          ) : (
            <p className="empty-hint">{t('studio.analytics.noEpisodes')}</p>
          )}
        </div>
        <QuizMisses questions={quizQuestions} />
        <p className="empty-hint">{t('studio.analytics.note')}</p>
      </main>
    </>
  );
}
