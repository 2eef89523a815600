import { type PDFFont, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Locale } from '#common/accounts/locale.ts';
import { formatDate } from '#common/i18n/formatting.ts';
import { CERTIFICATE_TEXTS } from './certificateTexts.ts';
import type { CertificateView } from './getCertificate.ts';

const BRAND = rgb(0.7, 0.05, 0.09);
const INK = rgb(0.12, 0.12, 0.12);
const MUTED = rgb(0.38, 0.38, 0.38);

/**
 * The standard PDF fonts only know Windows-1252: letters outside it (e.g. "ũ" in Kikuyu names) lose their
 * accent rather than break the certificate; anything else left unencodable becomes "?".
 */
function printable(font: PDFFont, text: string): string {
  const chars = [...text].map((ch) => {
    try {
      font.encodeText(ch);
      return ch;
    } catch {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      try {
        font.encodeText(base);
        return base;
      } catch {
        return '?';
      }
    }
  });
  return chars.join('');
}

/** The certificate of completion as a one-page landscape A4 PDF, in the reader's language. */
export async function renderCertificatePdf(
  c: CertificateView,
  verifyUrl: string,
  locale: Locale = 'en',
): Promise<Uint8Array> {
  const words = CERTIFICATE_TEXTS[locale];
  const date = formatDate(c.issuedAt, locale);
  const doc = await PDFDocument.create();
  doc.setTitle(`${words.title} — ${c.learnerName} — ${c.courseTitle}`);
  doc.setAuthor('Darasa');
  doc.setSubject(words.code(c.code));
  const page = doc.addPage([842, 595]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: BRAND, borderWidth: 3 });
  const centred = (text: string, y: number, size: number, font: PDFFont, color = INK) => {
    let s = printable(font, text);
    // Long course titles shrink to fit the page rather than run off it.
    while (font.widthOfTextAtSize(s, size) > width - 120 && size > 10) size -= 1;
    if (font.widthOfTextAtSize(s, size) > width - 120) s = `${s.slice(0, 80)}…`;
    page.drawText(s, { x: (width - font.widthOfTextAtSize(s, size)) / 2, y, size, font, color });
  };
  centred('Darasa', height - 90, 22, bold, BRAND);
  centred(words.title, height - 150, 34, bold);
  centred(words.certifies, height - 205, 14, regular, MUTED);
  centred(c.learnerName, height - 250, 30, bold);
  centred(words.completed, height - 295, 14, regular, MUTED);
  centred(c.courseTitle, height - 335, 22, bold);
  centred(words.by(c.creatorName), height - 365, 14, regular);
  centred(date, height - 420, 14, regular);
  centred(words.code(c.code), 90, 12, bold);
  centred(words.verifyAt(verifyUrl), 70, 10, regular, MUTED);
  return doc.save();
}
