// Reads a PDF back: pdf-lib must parse it, and the text it draws (hex strings in its content streams, as
// pdf-lib writes them for the standard fonts) comes back as Latin-1 text.
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; title: string | undefined; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
    for (const m of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      parts.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  return { pages: doc.getPageCount(), title: doc.getTitle(), text: parts.join('\n') };
}
