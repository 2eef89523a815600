// The audio-only rendition ("Listen only") of a master playlist. hls.js drops audio-only variants when
// video variants exist, so we find it in the playlist text ourselves and play its media playlist alone.
import { masterVariants } from './codecFamily.ts';

/** The URI (as written, relative to the master) of the (first) audio-only variant, or null. */
export function audioOnlyVariant(master: string): string | null {
  return masterVariants(master).find((v) => v.audioOnly)?.uri ?? null;
}

/** The absolute URL of the first variant with a picture (where playback starts), or null. */
export function firstVideoVariant(master: string, masterUrl: string): string | null {
  const uri = masterVariants(master).find((v) => !v.audioOnly)?.uri;
  return uri ? new URL(uri, masterUrl).href : null;
}
