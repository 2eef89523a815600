// What watching a video costs in data, from the sizes the pipeline measured and recorded on the asset:
// each rendition's playlists, init segment and media segments, i.e. what playing it whole downloads. A
// video made since decision 0066 has two codec families; the sizes shown are those of the family this
// device plays (`forDevice`).

/** Data saver caps quality at 360p. */
export const DATA_SAVER_MAX_SHORT_SIDE = 360;

export interface RenditionSize {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export interface FamilySizes {
  /** Bytes of "Listen only" (sound without picture); null when the video has no sound. */
  listen: number | null;
  /** Each rendition, lowest first: what the quality menu offers and what a screen may play. */
  renditions: RenditionSize[];
}

/** The H.264 + AAC family (every browser), and the AV1 + Opus one when the video has it. */
export interface VideoSizes extends FamilySizes {
  av1: FamilySizes | null;
}

/** What this browser decodes, from MediaCapabilities (app/components/player/codecFamily.ts). */
export interface Decodes {
  av1: boolean;
  opus: boolean;
}

interface StoredFamily {
  renditions?: RenditionSize[];
  audio?: { bytes?: unknown } | null;
}

function familySizes(meta: StoredFamily | null | undefined): FamilySizes | null {
  const renditions = Array.isArray(meta?.renditions) ? meta.renditions : [];
  const listen = typeof meta?.audio?.bytes === 'number' ? meta.audio.bytes : null;
  // An audio lesson's recording (decision 0069) has its Listen only and no renditions.
  if (!renditions.length && listen === null) return null;
  return {
    listen,
    renditions: renditions
      .map((r) => ({ name: r.name, width: r.width, height: r.height, bytes: r.bytes }))
      .sort((a, b) => a.height - b.height),
  };
}

export function videoSizes(metaJson: string | null | undefined): VideoSizes | null {
  let meta: StoredFamily & { av1?: StoredFamily | null };
  try {
    meta = JSON.parse(metaJson ?? '{}');
  } catch {
    return null;
  }
  const h264 = familySizes(meta);
  return h264 && { ...h264, av1: familySizes(meta.av1) };
}

/**
 * The sizes this device pays: the AV1 rendition of the same height as the H.264 one the screen rule chose,
 * when the browser decodes AV1 and Opus and the video has it (the player's own rule, chooseFamily);
 * "Listen only" in Opus wherever Opus plays.
 */
export function forDevice(
  sizes: VideoSizes,
  played: RenditionSize,
  decodes: Decodes,
): FamilySizes & { played: RenditionSize } {
  const short = (r: RenditionSize) => Math.min(r.width, r.height);
  const av1 = decodes.av1 && decodes.opus ? sizes.av1?.renditions.find((r) => short(r) === short(played)) : undefined;
  const listen = decodes.opus && sizes.av1?.listen != null ? sizes.av1.listen : sizes.listen;
  return { listen, renditions: av1 ? sizes.av1!.renditions : sizes.renditions, played: av1 ?? played };
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
