// What a download of one rendition consists of, read from the files the HLS pipeline wrote: the master
// playlist cut down to that rendition (what the device stores and the player opens offline), and each file
// with its size. Only names the media route serves are listed, so a playlist cannot point elsewhere.
import type { MediaStorage } from '#server/core/mediaStorage.ts';
import { mediaKey } from '../media/mediaKeys.ts';
import { isServedRenditionFile } from '../playback/servedFiles.ts';

export interface RenditionFiles {
  /** The master playlist with only this rendition. */
  master: string;
  /** Paths relative to the asset folder (`240p/index.m3u8`, `240p/init_0.mp4`, `240p/seg_00000.m4s`…). */
  files: { path: string; bytes: number }[];
  bytes: number;
}

/** `#EXT-X-STREAM-INF` lines with the URI that follows each, from a master playlist. */
export function variantsOf(master: string): { inf: string; uri: string }[] {
  const lines = master.split('\n').map((l) => l.trim());
  const out: { inf: string; uri: string }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    if (uri) out.push({ inf: line, uri });
  });
  return out;
}

/** Media URIs of a rendition playlist: the init segment (EXT-X-MAP) and every segment, in order. */
function mediaUris(playlist: string): string[] {
  const uris: string[] = [];
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line)?.[1];
    if (map) uris.push(map);
    else if (line && !line.startsWith('#')) uris.push(line);
  }
  return uris;
}

export async function readRendition(
  storage: MediaStorage,
  assetId: string,
  master: string,
  rendition: string,
): Promise<RenditionFiles | null> {
  const variant = variantsOf(master).find((v) => v.uri === `${rendition}/index.m3u8`);
  if (!variant) return null;
  const playlist = await storage.readText(mediaKey(assetId, rendition, 'index.m3u8'));
  if (playlist === null) return null;
  const names = ['index.m3u8', ...mediaUris(playlist)];
  if (!names.every((n) => isServedRenditionFile(rendition, n))) return null;
  const sizes = await Promise.all(names.map((n) => storage.stat(mediaKey(assetId, rendition, n))));
  if (sizes.some((s) => !s)) return null;
  const files = names.map((n, i) => ({ path: `${rendition}/${n}`, bytes: sizes[i]!.size }));
  const version = /^#EXT-X-VERSION:.*$/m.exec(master)?.[0] ?? '#EXT-X-VERSION:7';
  return {
    master: ['#EXTM3U', version, variant.inf, variant.uri, ''].join('\n'),
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
  };
}
