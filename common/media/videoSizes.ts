// What watching a video costs in data, from the sizes the pipeline measured and recorded on the asset:
// each rendition's playlists, init segment and media segments, i.e. what playing it whole downloads.

/** Data saver caps quality at 360p. */
export const DATA_SAVER_MAX_SHORT_SIDE = 360;

export interface RenditionSize {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export interface VideoSizes {
  /** Bytes of "Listen only" (sound without picture); null when the video has no sound. */
  listen: number | null;
  /** Each rendition, lowest first: what the quality menu offers and what a screen may play. */
  renditions: RenditionSize[];
}

export function videoSizes(metaJson: string | null | undefined): VideoSizes | null {
  let renditions: RenditionSize[];
  let listen: number | null;
  try {
    const meta = JSON.parse(metaJson ?? '{}') as { renditions?: RenditionSize[]; audio?: { bytes?: unknown } | null };
    renditions = Array.isArray(meta.renditions) ? meta.renditions : [];
    listen = typeof meta.audio?.bytes === 'number' ? meta.audio.bytes : null;
  } catch {
    return null;
  }
  if (!renditions.length) return null;
  return {
    listen,
    renditions: renditions
      .map((r) => ({ name: r.name, width: r.width, height: r.height, bytes: r.bytes }))
      .sort((a, b) => a.height - b.height),
  };
}

/**
 * The rendition a player plays whole on a good connection: the tallest the screen allows (`screenCap`, an
 * index into the renditions, lowest first), no more than 360p with data saver on.
 */
export function playedRendition(sizes: VideoSizes, screenCap: number, dataSaver: boolean): RenditionSize {
  const allowed = sizes.renditions.filter(
    (r, i) => i <= screenCap && (!dataSaver || Math.min(r.width, r.height) <= DATA_SAVER_MAX_SHORT_SIDE),
  );
  return allowed.at(-1) ?? sizes.renditions[0]!;
}
