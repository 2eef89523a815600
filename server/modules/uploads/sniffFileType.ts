import fs from 'node:fs/promises';
import { sniffImageType } from '../media/processImage.ts';
import type { UploadKind } from '#common/uploads/uploadRules.ts';

export type FileType = 'png' | 'jpeg' | 'webp' | 'mp4' | 'mov' | 'avi' | 'webm' | 'pdf' | 'zip';

/** The formats each kind of upload takes (a PDF lesson: PDF only; a lesson's resource: decision 0060). */
export const ACCEPTED: Record<UploadKind, readonly FileType[]> = {
  image: ['png', 'jpeg', 'webp'],
  video: ['mp4', 'mov', 'avi', 'webm'],
  pdf: ['pdf'],
  resource: ['pdf', 'png', 'jpeg', 'webp', 'zip'],
};

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * The file's real format from its first bytes (names and declared types lie): PNG, JPEG and WebP as the
 * image processor recognises them; ISO media (`ftyp` box: MP4, QuickTime `qt  `), AVI (`RIFF…AVI `) and
 * WebM/Matroska (EBML header); PDF (`%PDF-`) and ZIP (a local file header `PK\3\4`, or the end record
 * `PK\5\6` of an empty archive). Anything renamed is still what its bytes say.
 */
export function sniffBytes(head: Uint8Array): FileType | null {
  const image = sniffImageType(head);
  if (image) return image;
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return ascii(head, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  // Old QuickTime files may start with a moov/mdat/wide/free atom instead of ftyp.
  if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(ascii(head, 4, 8))) return 'mov';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'avi';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (
    head.length >= 4 &&
    ascii(head, 0, 2) === 'PK' &&
    ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))
  )
    return 'zip';
  return null;
}

export async function sniffFileType(file: string): Promise<FileType | null> {
  const handle = await fs.open(file, 'r');
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffBytes(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
