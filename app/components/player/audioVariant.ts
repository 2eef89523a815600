// The audio-only rendition ("Listen only") of a master playlist. hls.js drops audio-only variants when
// video variants exist, so we find it in the playlist text ourselves and play its media playlist alone.

const VIDEO_CODEC = /\b(avc1|avc3|hvc1|hev1|av01|vp09|vp8|vp9|dvh1|dvhe)\b/i;

interface Variant {
  uri: string;
  audioOnly: boolean;
}

function variants(master: string): Variant[] {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  const found: Variant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const codecs = /CODECS="([^"]*)"/.exec(line)?.[1] ?? '';
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    // No picture: neither a RESOLUTION nor a video codec, but a declared (audio) codec.
    if (uri) found.push({ uri, audioOnly: !/RESOLUTION=/.test(line) && !!codecs && !VIDEO_CODEC.test(codecs) });
  });
  return found;
}

/** The URI (as written, relative to the master) of the audio-only variant, or null. */
export function audioOnlyVariant(master: string): string | null {
  return variants(master).find((v) => v.audioOnly)?.uri ?? null;
}

/** The absolute URL of the first variant with a picture (where playback starts), or null. */
export function firstVideoVariant(master: string, masterUrl: string): string | null {
  const uri = variants(master).find((v) => !v.audioOnly)?.uri;
  return uri ? new URL(uri, masterUrl).href : null;
}
