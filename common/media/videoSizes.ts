// What watching a video costs in data, from the sizes the pipeline measured and recorded on the asset:
// each rendition's playlists, init segment and media segments, i.e. what playing it whole downloads.

/** Data saver caps quality at 360p. */
export const DATA_SAVER_MAX_SHORT_SIDE = 360;

export interface VideoSizes {
  /** Bytes at the best quality (what Auto uses on a good connection). */
  full: number;
  /** Bytes with data saver on. */
  saver: number;
  /** Bytes of "Listen only" (sound without picture); null when the video has no sound. */
  listen: number | null;
  /** Each rendition, for the quality menu: name and bytes. */
  renditions: { name: string; height: number; bytes: number }[];
}

interface MetaRendition {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export function videoSizes(metaJson: string | null | undefined): VideoSizes | null {
  let renditions: MetaRendition[];
  let listen: number | null;
  try {
    const meta = JSON.parse(metaJson ?? '{}') as { renditions?: MetaRendition[]; audio?: { bytes?: unknown } | null };
    renditions = Array.isArray(meta.renditions) ? meta.renditions : [];
    listen = typeof meta.audio?.bytes === 'number' ? meta.audio.bytes : null;
  } catch {
    return null;
  }
  if (!renditions.length) return null;
  const small = renditions.filter((r) => Math.min(r.width, r.height) <= DATA_SAVER_MAX_SHORT_SIDE);
  const bytes = (list: MetaRendition[]) => Math.max(...list.map((r) => r.bytes));
  return {
    full: bytes(renditions),
    saver: bytes(small.length ? small : [renditions[0]!]),
    listen,
    renditions: renditions.map((r) => ({ name: r.name, height: r.height, bytes: r.bytes })),
  };
}
