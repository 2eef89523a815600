// Small real files for the PDF lesson and resource tests (decision 0060): a one-page PDF made with pdf-lib
// (as receipts and certificates are), and the smallest valid ZIP (an empty archive's end record).
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function makePdf(text = 'Darasa handout'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

/** An empty ZIP archive: only the end-of-central-directory record (PK\5\6 and 18 zero bytes). */
export const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
