// Where the browser fetches an asset's files. Images are processed into fixed widths of a 16:9 frame, so
// a card needs only the asset id to build its srcset.
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

export interface ImageRef {
  src: string;
  srcSet: string;
}

export function imageRef(assetId: string | null | undefined): ImageRef | null {
  if (!assetId) return null;
  return {
    src: `/media/${assetId}/w640.webp`,
    srcSet: IMAGE_WIDTHS.map((w) => `/media/${assetId}/w${w}.webp ${w}w`).join(', '),
  };
}

/** A video's HLS master playlist behind its playback token; playlists and segments inherit the token. */
export function videoUrl(assetId: string, token: string): string {
  return `/media/s/${token}/${assetId}/master.m3u8`;
}

/** The 1200×630 JPEG of an image, for link previews (og:image); made on first request for older uploads. */
export function ogImageUrl(assetId: string): string {
  return `/media/${assetId}/og.jpg`;
}

export function posterUrl(assetId: string): string {
  return `/media/${assetId}/poster.webp`;
}
