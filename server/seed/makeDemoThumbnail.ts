// A course thumbnail drawn as SVG (gradient, title, category), rasterised by sharp and then processed
// exactly like an uploaded image.
import path from 'node:path';
import sharp from 'sharp';
import { categoryLabel } from '#common/catalog/categories.ts';
import { processImage, type ProcessedImage } from '../modules/media/processImage.ts';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap; titles are short, so a few lines always fit. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

// Title top right: the landing hero lays its own text over the left of the picture.
function thumbnailSvg(title: string, category: string, [from, to]: [string, string]): string {
  const text = wrapWords(title, 20)
    .map((l, i) => `<text x="1200" y="${170 + i * 80}" font-size="68" font-weight="bold">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="1180" cy="620" r="300" fill="#fff" opacity="0.07"/>
<g font-family="DejaVu Sans, sans-serif" fill="#fff" text-anchor="end">${text}
<text x="1200" y="650" font-size="30" letter-spacing="4" opacity="0.85">DARASA · ${escapeXml(categoryLabel(category).toUpperCase())}</text>
</g></svg>`;
}

/** Writes the thumbnail's WebP widths into `assetDir`; `workDir` holds the intermediate PNG. */
export async function makeDemoThumbnail(
  course: { title: string; category: string; colors: [string, string] },
  assetDir: string,
  workDir: string,
): Promise<ProcessedImage> {
  const png = path.join(workDir, `${path.basename(assetDir)}.png`);
  await sharp(Buffer.from(thumbnailSvg(course.title, course.category, course.colors)))
    .png()
    .toFile(png);
  return processImage(png, assetDir, { og: true });
}
