import { useT } from '#app/i18n/useT.ts';

/** For a completed course: the certificate PDF and its public verification page. */
export function CertificateLinks({ code, courseTitle }: { code: string; courseTitle: string }) {
  const { t } = useT();
  return (
    <p className="certificate-links">
      <a className="btn btn-primary" href={`/api/certificates/${code}.pdf`} download>
        {t('certificate.download')}
        <span className="sr-only"> {t('certificate.forCourse', { title: courseTitle })}</span>
      </a>
      <a className="btn btn-ghost" href={`/certificates/${code}`}>
        {t('certificate.view')}
        <span className="sr-only"> {t('certificate.forCourse', { title: courseTitle })}</span>
      </a>
    </p>
  );
}
