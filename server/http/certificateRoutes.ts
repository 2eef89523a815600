import { Hono } from 'hono';
import { getCertificate } from '../modules/certificates/getCertificate.ts';
import { renderCertificatePdf } from '../modules/certificates/renderCertificatePdf.ts';
import { notFound } from '../core/errors.ts';
import { toLocale } from '#common/accounts/locale.ts';
import type { AppEnv } from './honoEnv.ts';

/** The certificate PDF, by its public code (the verification page shows the same facts to anyone). */
export function certificateRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/:code{[0-9A-Za-z]+\\.pdf}', async (c) => {
    const { services, actor, locale } = c.var.ctx;
    const cert = await getCertificate(services, actor, { code: c.req.param('code').replace(/\.pdf$/, '') });
    if (!cert) throw notFound('Certificate not found.');
    const verifyUrl = `${services.config.publicUrl}/certificates/${cert.code}`;
    const pdf = await renderCertificatePdf(cert, verifyUrl, toLocale(locale));
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="darasa-certificate-${cert.code}.pdf"`,
      'cache-control': 'private, max-age=86400',
      // In the reader's language: the cookie, the account or Accept-Language chose it.
      vary: 'cookie, accept-language',
    });
  });
  return app;
}
