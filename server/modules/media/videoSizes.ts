// What watching a video costs in data, from the sizes of its renditions recorded by the pipeline.

/** Data saver caps quality at 360p. */
export const DATA_SAVER_MAX_SHORT_SIDE = 360;

export interface VideoSizes {
  /** Bytes at the best quality (what Auto uses on a good connection). */
  full: number;
  /** Bytes with data saver on. */
  saver: number;
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
  try {
    const meta = JSON.parse(metaJson ?? '{}') as { renditions?: MetaRendition[] };
    renditions = Array.isArray(meta.renditions) ? meta.renditions : [];
  } catch {
    return null;
  }
  if (!renditions.length) return null;
  const small = renditions.filter((r) => Math.min(r.width, r.height) <= DATA_SAVER_MAX_SHORT_SIDE);
  const bytes = (list: MetaRendition[]) => Math.max(...list.map((r) => r.bytes));
  return {
    full: bytes(renditions),
    saver: bytes(small.length ? small : [renditions[0]!]),
    renditions: renditions.map((r) => ({ name: r.name, height: r.height, bytes: r.bytes })),
  };
}
