import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Link previews' picture: 1200×630 (the Open Graph size) as JPEG, which WhatsApp and others accept. */
export const OG_FILE = 'og.jpg';
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/**
 * Writes `og.jpg` into `outDir` from an image, cropped to cover and centred. Written beside and renamed
 * into place, so two requests making it at once, or a reader, never see half a file.
 */
export async function writeOgImage(source: string, outDir: string): Promise<string> {
  const target = path.join(outDir, OG_FILE);
  const tmp = path.join(outDir, `.${OG_FILE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    await sharp(source, { failOn: 'error' })
      .autoOrient()
      .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#141414' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(tmp);
    await fs.rename(tmp, target);
  } finally {
    await fs.rm(tmp, { force: true });
  }
  return target;
}
