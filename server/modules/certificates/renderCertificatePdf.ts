import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { type PDFFont, PDFDocument, rgb } from 'pdf-lib';
import type { Locale } from '#common/accounts/locale.ts';
import { formatDate } from '#common/i18n/formatting.ts';
import { CERTIFICATE_TEXTS } from './certificateTexts.ts';
import type { CertificateView } from './getCertificate.ts';

const BRAND = rgb(0.7, 0.05, 0.09);
const INK = rgb(0.12, 0.12, 0.12);
const MUTED = rgb(0.38, 0.38, 0.38);

interface CertificateFont {
  bytes: Uint8Array;
  /** The code points the font draws. */
  covers: Set<number>;
}

// DejaVu Sans covers Latin Extended (and Greek and Cyrillic), so a name such as "Wanjikũ Njeri Ōtieno"
// prints as typed; the standard PDF fonts know only Windows-1252. Read once per process (about 1.4 MB
// for both weights); each PDF embeds only the glyphs it uses.
const FONT_FILES = ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'] as const;
let loading: Promise<[CertificateFont, CertificateFont]> | undefined;
function certificateFonts(): Promise<[CertificateFont, CertificateFont]> {
  const resolve = createRequire(import.meta.url).resolve;
  loading ??= Promise.all(
    FONT_FILES.map(async (file) => {
      const bytes = new Uint8Array(await readFile(resolve(file)));
      return { bytes, covers: new Set(fontkit.create(bytes).characterSet) };
    }),
  ).then(
    ([regular, bold]) => [regular!, bold!] as [CertificateFont, CertificateFont],
    (error: unknown) => {
      loading = undefined; // a failed read is tried again by the next certificate
      throw error;
    },
  );
  return loading;
}

/** A letter the font lacks (a script beyond DejaVu's) loses its accent if that helps, else becomes "?". */
function printable(covers: Set<number>, text: string): string {
  const has = (ch: string) => covers.has(ch.codePointAt(0)!);
  return [...text]
    .map((ch) => {
      if (has(ch)) return ch;
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return base && [...base].every(has) ? base : '?';
    })
    .join('');
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
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all(
    (await certificateFonts()).map(async (f) => ({
      pdf: await doc.embedFont(f.bytes, { subset: true }),
      covers: f.covers,
    })),
  );
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: BRAND, borderWidth: 3 });
  const centred = (text: string, y: number, size: number, f: typeof regular, color = INK) => {
    const font: PDFFont = f!.pdf;
    let s = printable(f!.covers, text);
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
