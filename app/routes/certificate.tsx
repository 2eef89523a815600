import { data, Link } from 'react-router';
import { getCertificate } from '#app/server/certificates.server.ts';
import { serverContext } from '#app/server/context.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/certificate.css';
import type { Route } from './+types/certificate';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = serverContext(context);
  const certificate = await getCertificate(services.database.db, params.code ?? '');
  if (!certificate) throw data(null, { status: 404 });
  return { certificate, publicUrl: services.config.publicUrl };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [{ title: 'Certificate not found — Darasa' }];
  const c = d.certificate;
  const title = `${c.learnerName} completed ${c.courseTitle} — Darasa`;
  const description = `Certificate of completion for ${c.courseTitle} by ${c.creatorName}, issued ${c.date}. Verified by Darasa.`;
  const url = `${d.publicUrl}/certificates/${c.code}`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Darasa' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}

/** The public verification page of a certificate of completion. */
export default function Certificate({ loaderData }: Route.ComponentProps) {
  const c = loaderData.certificate;
  return (
    <>
      <TopBar />
      <main className="certificate-page">
        <article className="certificate-card" aria-labelledby="certificate-title">
          <p className="certificate-verified">
            <span aria-hidden="true">✓</span> Verified by Darasa
          </p>
          <h1 id="certificate-title">Certificate of completion</h1>
          <dl className="certificate-facts">
            <div>
              <dt>Learner</dt>
              <dd>{c.learnerName}</dd>
            </div>
            <div>
              <dt>Course</dt>
              <dd>
                <Link to={`/course/${c.courseId}`}>{c.courseTitle}</Link>
              </dd>
            </div>
            <div>
              <dt>Creator</dt>
              <dd>{c.creatorName}</dd>
            </div>
            <div>
              <dt>Completed</dt>
              <dd>
                <time dateTime={c.issuedAt}>{c.date}</time>
              </dd>
            </div>
            <div>
              <dt>Verification code</dt>
              <dd className="certificate-code">{c.code}</dd>
            </div>
          </dl>
        </article>
      </main>
    </>
  );
}
