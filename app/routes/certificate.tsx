import { Link } from 'react-router';
import { ShareButton } from '../components/ShareButton.tsx';
import { loadCertificatePage } from '#app/server/certificates.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/certificate.css';
import type { Route } from './+types/certificate';
import { formatDate } from '#common/i18n/formatting.ts';
import type { UiLocale } from '#common/i18n/uiLocale.ts';
import { metaLocale, metaT, openGraphLocale } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

/** The completion day as the page's language says it. */
function completedOn(c: { issuedAt: string }, locale: UiLocale | undefined): string {
  return formatDate(c.issuedAt, locale);
}

export function loader(args: Route.LoaderArgs) {
  return loadCertificatePage(args);
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!d) return [{ title: t('meta.certificate.notFound') }];
  const c = d.certificate;
  const locale = metaLocale(matches);
  const title = t('meta.certificate.title', { learner: c.learnerName, course: c.courseTitle });
  const description = t('meta.certificate.description', {
    course: c.courseTitle,
    creator: c.creatorName,
    date: completedOn(c, locale),
  });
  const url = `${d.publicUrl}/certificates/${c.code}`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Darasa' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...openGraphLocale(locale),
    { name: 'twitter:card', content: 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}

/** The public verification page of a certificate of completion. */
export default function Certificate({ loaderData }: Route.ComponentProps) {
  const c = loaderData.certificate;
  const { t, locale } = useT();
  return (
    <>
      <TopBar />
      <main className="certificate-page">
        <article className="certificate-card" aria-labelledby="certificate-title">
          <p className="certificate-verified">
            <span aria-hidden="true">✓</span> {t('certificate.verified')}
          </p>
          <h1 id="certificate-title">{t('certificate.title')}</h1>
          <dl className="certificate-facts">
            <div>
              <dt>{t('certificate.learner')}</dt>
              <dd>{c.learnerName}</dd>
            </div>
            <div>
              <dt>{t('certificate.course')}</dt>
              <dd>
                <Link to={`/course/${c.courseId}`}>{c.courseTitle}</Link>
              </dd>
            </div>
            <div>
              <dt>{t('certificate.creator')}</dt>
              <dd>{c.creatorName}</dd>
            </div>
            <div>
              <dt>{t('certificate.completed')}</dt>
              <dd>
                <time dateTime={c.issuedAt}>{completedOn(c, locale)}</time>
              </dd>
            </div>
            <div>
              <dt>{t('certificate.code')}</dt>
              <dd className="certificate-code">{c.code}</dd>
            </div>
          </dl>
          <ShareButton
            url={`${loaderData.publicUrl}/certificates/${c.code}`}
            title={t('share.certificateText', { learner: c.learnerName, course: c.courseTitle })}
            text={t('certificate.title')}
          />
        </article>
      </main>
    </>
  );
}
