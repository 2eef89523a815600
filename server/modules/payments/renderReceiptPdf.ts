import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Locale } from '#common/accounts/locale.ts';
import { formatDateTime, formatKes } from '#common/i18n/formatting.ts';
import type { ReceiptView } from './getReceipt.ts';
import { RECEIPT_TEXTS } from './receiptTexts.ts';

const BRAND = rgb(0.7, 0.05, 0.09);
const INK = rgb(0.12, 0.12, 0.12);
const MUTED = rgb(0.38, 0.38, 0.38);

// DejaVu covers every letter of Kenyan names (ũ, ĩ) and of course titles; the standard PDF fonts do not.
const fontFile = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));

/** A purchase's receipt as a one-page A4 PDF in the reader's language: the same facts as the receipt page. */
export async function renderReceiptPdf(r: ReceiptView, locale: Locale): Promise<Uint8Array> {
  const words = RECEIPT_TEXTS[locale];
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Darasa — ${words.title} ${r.mpesaReceipt ?? ''} — ${r.paymentId}`.replace('  ', ' '));
  doc.setAuthor('Darasa');
  const regular = await doc.embedFont(fontFile('DejaVuSans'), { subset: true });
  const bold = await doc.embedFont(fontFile('DejaVuSans-Bold'), { subset: true });
  const page = doc.addPage([595, 842]);
  const left = 56;
  const valueX = 200;
  const maxWidth = 595 - valueX - 56;
  page.drawText('Darasa', { x: left, y: 770, size: 24, font: bold, color: BRAND });
  page.drawText(words.title, { x: left, y: 730, size: 18, font: bold, color: INK });
  const rows: [string, string][] = [
    [words.buyer, `${r.buyerName} (${r.buyerContact})`],
    [words.course, r.part ? `${r.courseTitle} (${words.part(r.part.part, r.part.parts)})` : r.courseTitle],
    [words.amount, formatKes(r.amount, locale)],
    [words.mpesaReceipt, r.mpesaReceipt ?? words.pending],
    [words.date, formatDateTime(r.paidAt, locale)],
    [words.purchaseId, r.paymentId],
  ];
  let y = 680;
  for (const [label, value] of rows) {
    page.drawText(label, { x: left, y, size: 11, font: regular, color: MUTED });
    let size = 12;
    // Long titles shrink to fit the line rather than run off the page.
    while (bold.widthOfTextAtSize(value, size) > maxWidth && size > 7) size -= 0.5;
    page.drawText(value, { x: valueX, y, size, font: bold, color: INK, maxWidth });
    y -= 30;
  }
  if (r.refunded) {
    page.drawText(words.refunded, { x: left, y: y - 10, size: 12, font: bold, color: BRAND });
    y -= 30;
  }
  page.drawText(words.thanks, { x: left, y: y - 20, size: 11, font: regular, color: MUTED });
  return doc.save();
}
