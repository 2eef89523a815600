// What is wrong with an asset's published master playlist, as a player would find it (RFC 8216 checks the
// pipeline's tests make): every variant's playlist, init segment and media segments exist under names the
// media route serves, its CODECS name the stream its init segment holds, no segment is longer than the
// target duration, and the declared peak is at least the average. An empty list: valid.
import type { MediaStorage } from '#server/core/mediaStorage.ts';
import { av1Codec, avcCodec, parseMediaPlaylist } from '#server/modules/media/masterPlaylist.ts';
import { mediaKey } from '#server/modules/media/mediaKeys.ts';
import { isServedRenditionFile } from '#server/modules/playback/servedFiles.ts';

async function readBytes(storage: MediaStorage, key: string): Promise<Buffer> {
  const stat = await storage.stat(key);
  if (!stat) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const c of await storage.read(key, { start: 0, end: stat.size - 1 })) chunks.push(c);
  return Buffer.concat(chunks);
}

export async function masterPlaylistProblems(storage: MediaStorage, assetId: string): Promise<string[]> {
  const master = await storage.readText(mediaKey(assetId, 'master.m3u8'));
  if (master === null) return ['no master playlist'];
  const problems: string[] = [];
  if (!master.startsWith('#EXTM3U\n')) problems.push('no #EXTM3U');
  const lines = master.trim().split('\n');
  const infs = lines.flatMap((l, i) =>
    l.startsWith('#EXT-X-STREAM-INF:') ? [{ inf: l, uri: lines[i + 1] ?? '' }] : [],
  );
  if (!infs.length) problems.push('no variant');
  for (const { inf, uri } of infs) {
    const [rendition, file] = uri.split('/');
    if (!rendition || file !== 'index.m3u8' || !isServedRenditionFile(rendition, file)) {
      problems.push(`${uri}: not a served name`);
      continue;
    }
    const text = await storage.readText(mediaKey(assetId, rendition, file));
    if (text === null) {
      problems.push(`${uri}: missing`);
      continue;
    }
    const playlist = parseMediaPlaylist(text);
    for (const f of [playlist.init ?? '', ...playlist.segments.map((s) => s.uri)])
      if (!isServedRenditionFile(rendition, f) || !(await storage.stat(mediaKey(assetId, rendition, f))))
        problems.push(`${rendition}/${f}: missing`);
    if (playlist.segments.some((s) => Math.round(s.duration) > playlist.targetDuration))
      problems.push(`${uri}: a segment longer than the target duration`);
    const init = await readBytes(storage, mediaKey(assetId, rendition, playlist.init ?? ''));
    const video = avcCodec(init) ?? av1Codec(init);
    const codecs = /CODECS="([^"]*)"/.exec(inf)?.[1]?.split(',') ?? [];
    if (video && !codecs.includes(video)) problems.push(`${uri}: CODECS ${codecs} but the stream is ${video}`);
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(inf)?.[1]);
    const average = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(inf)?.[1]);
    if (!(bandwidth > 0 && average > 0 && average <= bandwidth)) problems.push(`${uri}: bandwidths ${inf}`);
  }
  return problems;
}
