// Certificates of completion: the public verification page (server only).
import { data, type RouterContextProvider } from 'react-router';
import { getCertificate } from '#server/modules/certificates/getCertificate.ts';
import { serverContext } from './context.server.ts';

/** `/certificates/<code>`: the certificate anyone may verify, or the not-found page. */
export async function loadCertificatePage({
  params,
  context,
}: {
  params: { code?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const { services, actor } = serverContext(context);
  const certificate = await getCertificate(services, actor, { code: params.code ?? '' });
  if (!certificate) throw data(null, { status: 404 });
  return { certificate, publicUrl: services.config.publicUrl };
}
