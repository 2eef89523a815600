import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { DomainError } from '#server/core/errors.ts';
import { IMAGE_WIDTHS } from '#common/media/urls.ts';
import { writeOgImage } from './ogImage.ts';

export interface ProcessedImage {
  /** Size of the source after EXIF orientation. */
  width: number;
  height: number;
  /** What each `w<N>.webp` really holds (N is the name, not always the size: small sources are not upscaled). */
  files: { name: string; width: number; height: number }[];
}

const NOT_AN_IMAGE = 'This file is not a PNG, JPG or WebP image.';
const DAMAGED = 'This image could not be read. It may be damaged.';
const notImage = (message: string) => new DomainError('not_image', message);

/** The formats an upload may have, recognised by their first bytes (names and declared types lie). */
export function sniffImageType(head: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Turns an image file into 16:9 WebP thumbnails, one per IMAGE_WIDTHS entry, written as `w<N>.webp` in
 * `outDir` (the asset's folder). Cropped to cover, centred. A source smaller than a width is not blown up:
 * that file gets the largest 16:9 size the source holds, so every URL still answers.
 * With `og`, also a 1200×630 JPEG `og.jpg` for link previews (uploaded thumbnails and avatars).
 * Refuses anything that is not a readable PNG, JPEG or WebP with a `not_image` DomainError.
 */
export async function processImage(
  inputPath: string,
  outDir: string,
  { og = false }: { og?: boolean } = {},
): Promise<ProcessedImage> {
  const head = new Uint8Array(12);
  const handle = await fs.open(inputPath, 'r');
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  if (!sniffImageType(head)) throw notImage(NOT_AN_IMAGE);

  let meta: Metadata;
  try {
    // failOn 'error': a truncated or corrupt file is refused instead of yielding a half-grey thumbnail.
    meta = await sharp(inputPath, { failOn: 'error' }).metadata();
  } catch {
    throw notImage(DAMAGED);
  }
  // Orientations 5–8 are rotated by 90°: the picture people see is the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw notImage(DAMAGED);

  // The largest 16:9 frame inside the source, in whole multiples of 16×9 so the ratio is exact.
  const unit = Math.max(1, Math.min(Math.floor(width / 16), Math.floor(height / 9)));
  await fs.mkdir(outDir, { recursive: true });
  const files = [];
  for (const target of IMAGE_WIDTHS) {
    const w = Math.min(target, unit * 16);
    const h = (w / 16) * 9;
    const name = `w${target}.webp`;
    const tmp = path.join(outDir, `.${name}.${process.pid}.tmp`);
    try {
      await sharp(inputPath, { failOn: 'error' })
        .autoOrient()
        .resize(w, h, { fit: 'cover', position: 'centre' })
        .webp({ quality: 78, effort: 4 })
        .toFile(tmp);
    } catch {
      await fs.rm(tmp, { force: true });
      throw notImage(DAMAGED);
    }
    // Renamed into place so a reader never sees a half-written file.
    await fs.rename(tmp, path.join(outDir, name));
    files.push({ name, width: w, height: h });
  }
  if (og) await writeOgImage(inputPath, outDir);
  return { width, height, files };
}
