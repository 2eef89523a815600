import fs from 'node:fs/promises';
import { sniffImageType } from '../media/processImage.ts';
import type { UploadKind } from '#common/uploads/uploadRules.ts';

export type FileType = 'png' | 'jpeg' | 'webp' | 'mp4' | 'mov' | 'avi' | 'webm';

export const KIND_OF: Record<FileType, UploadKind> = {
  png: 'image',
  jpeg: 'image',
  webp: 'image',
  mp4: 'video',
  mov: 'video',
  avi: 'video',
  webm: 'video',
};

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * The file's real format from its first bytes (names and declared types lie): PNG, JPEG and WebP as the
 * image processor recognises them; ISO media (`ftyp` box: MP4, QuickTime `qt  `), AVI (`RIFF…AVI `) and
 * WebM/Matroska (EBML header). A zip, a PDF or an image renamed `.mp4` is none of these.
 */
export function sniffBytes(head: Uint8Array): FileType | null {
  const image = sniffImageType(head);
  if (image) return image;
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return ascii(head, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  // Old QuickTime files may start with a moov/mdat/wide/free atom instead of ftyp.
  if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(ascii(head, 4, 8))) return 'mov';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'avi';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
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
