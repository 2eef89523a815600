import type { ImageRef } from '../../server/modules/media/urls.ts';

/** The widest file of an image's srcset (what link previews such as WhatsApp's should show). */
export function largestImage(image: ImageRef): { url: string; width: number } {
  let best = { url: image.src, width: 0 };
  for (const part of image.srcSet.split(',')) {
    const [url, w] = part.trim().split(/\s+/);
    const width = Number.parseInt(w ?? '', 10);
    if (url && width > best.width) best = { url, width };
  }
  return best;
}
