import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '#tests/support/pdfText.ts';
import type { CertificateView } from './getCertificate.ts';
import { renderCertificatePdf } from './renderCertificatePdf.ts';

const view = (over: Partial<CertificateView> = {}): CertificateView => ({
  code: 'ABCDEFGH23',
  courseId: 'c1',
  learnerName: 'Wanjikũ Njeri Ōtieno',
  courseTitle: 'Ufugaji wa Nyuki',
  creatorName: 'Kĩmani Wa Ĩtote',
  issuedAt: '2026-11-27T10:00:00.000Z',
  date: '27 November 2026',
  ...over,
});

/** The base font names the page uses (pdf-lib names a subset "DejaVuSans-1234"). */
async function fontNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts = doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const names = fonts.values().map((ref) => String(doc.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont'))));
  return [...new Set(names)].sort();
}

describe('the certificate PDF', () => {
  it('prints names with ũ, ĩ and ō as typed, in an embedded subset of DejaVu Sans', async () => {
    const bytes = await renderCertificatePdf(view(), 'https://darasa.test/certificates/ABCDEFGH23', 'sw');
    const { text } = await pdfText(bytes);
    expect(text).toContain('Wanjikũ Njeri Ōtieno');
    expect(text).toContain('iliyoandaliwa na Kĩmani Wa Ĩtote');
    expect(text).toContain('27 Novemba 2026');
    const names = await fontNames(bytes);
    expect(names).toEqual([
      expect.stringMatching(/^\/DejaVuSans-\d+$/),
      expect.stringMatching(/^\/DejaVuSans-Bold-\d+$/),
    ]);
  });

  it('stays small: only the glyphs used are embedded (the two whole fonts are 1.4 MB)', async () => {
    const bytes = await renderCertificatePdf(view(), 'https://darasa.test/certificates/ABCDEFGH23');
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('writes a "?" for a letter beyond the font rather than a blank', async () => {
    const bytes = await renderCertificatePdf(view({ learnerName: 'Amina 王' }), 'https://darasa.test/c');
    expect((await pdfText(bytes)).text).toContain('Amina ?');
  });
});
