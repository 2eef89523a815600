import fs from 'node:fs/promises';
import { sniffImageType } from '../media/processImage.ts';
import type { UploadKind } from '#common/uploads/uploadRules.ts';

export type FileType =
  | 'png'
  | 'jpeg'
  | 'webp'
  | 'mp4'
  | 'mov'
  | 'avi'
  | 'webm'
  | 'pdf'
  | 'zip'
  | 'm4a'
  | 'mp3'
  | 'aac'
  | 'ogg'
  | 'wav';

/** The formats each kind of upload takes (a PDF lesson: PDF only; a lesson's resource: decision 0060). */
export const ACCEPTED: Record<UploadKind, readonly FileType[]> = {
  image: ['png', 'jpeg', 'webp'],
  video: ['mp4', 'mov', 'avi', 'webm'],
  pdf: ['pdf'],
  resource: ['pdf', 'png', 'jpeg', 'webp', 'zip'],
  // Phone recorders often write audio-only MP4 with a video brand ('isom', 'mp42'): ffprobe then decides.
  audio: ['m4a', 'mp4', 'mp3', 'aac', 'ogg', 'wav'],
};

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * The file's real format from its first bytes (names and declared types lie): PNG, JPEG and WebP as the
 * image processor recognises them; ISO media (`ftyp` box: MP4, QuickTime `qt  `), AVI (`RIFF…AVI `) and
 * WebM/Matroska (EBML header); PDF (`%PDF-`) and ZIP (a local file header `PK\3\4`, or the end record
 * `PK\5\6` of an empty archive); recordings (decision 0069): M4A (`ftyp` brand `M4A `/`M4B `), MP3 (an ID3
 * tag or an MPEG audio frame sync), raw AAC (an ADTS frame sync: layer bits 00), Ogg (`OggS`) and WAV
 * (`RIFF…WAVE`). Anything renamed is still what its bytes say.
 */
export function sniffBytes(head: Uint8Array): FileType | null {
  const image = sniffImageType(head);
  if (image) return image;
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    return brand === 'qt  ' ? 'mov' : brand === 'M4A ' || brand === 'M4B ' ? 'm4a' : 'mp4';
  }
  // Old QuickTime files may start with a moov/mdat/wide/free atom instead of ftyp.
  if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(ascii(head, 4, 8))) return 'mov';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'avi';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'wav';
  if (head.length >= 4 && ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (head.length >= 3 && ascii(head, 0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame: 11 bits of sync; layer bits 00 are ADTS (AAC), anything else MPEG audio (MP3).
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)
    return (head[1]! & 0x06) === 0 ? 'aac' : 'mp3';
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
