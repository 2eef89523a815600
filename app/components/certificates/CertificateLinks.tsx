/** For a completed course: the certificate PDF and its public verification page. */
export function CertificateLinks({ code, courseTitle }: { code: string; courseTitle: string }) {
  return (
    <p className="certificate-links">
      <a className="btn btn-primary" href={`/api/certificates/${code}.pdf`} download>
        Download certificate<span className="sr-only"> for {courseTitle}</span>
      </a>
      <a className="btn btn-ghost" href={`/certificates/${code}`}>
        View certificate<span className="sr-only"> for {courseTitle}</span>
      </a>
    </p>
  );
}
