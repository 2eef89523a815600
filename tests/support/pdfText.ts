// Reads a PDF back: pdf-lib must parse it, and the text its pages draw comes back as Unicode. An embedded
// font (the certificate's DejaVu Sans) draws glyph numbers, turned back into letters by the font's
// ToUnicode map; a standard font's hex strings are Latin-1.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  PDFStream,
} from 'pdf-lib';

function streamText(doc: PDFDocument, ref: unknown): string {
  const obj = doc.context.lookup(ref as PDFRef);
  if (obj instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
  if (obj instanceof PDFStream) return Buffer.from(obj.getContents()).toString('latin1');
  return '';
}

/** A ToUnicode CMap's `bfchar` and `bfrange` entries: glyph code (hex) → text. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(m[1]!.toUpperCase(), utf16(m[2]!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [from, to, first] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
      for (let code = from; code <= to; code++)
        map.set(code.toString(16).toUpperCase().padStart(m[1]!.length, '0'), String.fromCodePoint(first + code - from));
    }
  return map;
}

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; title: string | undefined; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const cmap = font.get(PDFName.of('ToUnicode'));
      if (cmap) maps.set(name.asString(), toUnicode(streamText(doc, cmap)));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))];
    let current: Map<string, string> | undefined;
    for (const ref of streams) {
      for (const m of streamText(doc, ref).matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) current = maps.get(m[1]);
        else if (current) {
          const width = [...current.keys()][0]?.length ?? 4;
          const codes = m[2]!.toUpperCase().match(new RegExp(`.{${width}}`, 'g')) ?? [];
          parts.push(codes.map((c) => current!.get(c) ?? '\uFFFD').join(''));
        } else parts.push(Buffer.from(m[2]!, 'hex').toString('latin1'));
      }
    }
  }
  return { pages: doc.getPageCount(), title: doc.getTitle(), text: parts.join('\n') };
}
