// Shared by the segment benchmarks: a 720p clip transcoded by the real pipeline into a media directory, and
// an autocannon load over a list of paths, alternated between the thing measured and its reference in
// slices, so background load on a shared machine weighs on both alike.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { newId } from '#server/lib/ids.ts';
import { probeVideo } from '#server/modules/media/probeVideo.ts';
import { transcodeVideo } from '#server/modules/media/transcodeVideo.ts';
import { makeClip } from '#tests/support/makeClip.ts';
import type { BenchContext } from './types.ts';

/** A transcoded asset under `<dataDir>/media`: its id and its media segments (`<rendition>/<file>`). */
export async function transcodedAsset(dataDir: string, ctx: BenchContext) {
  const assetId = newId();
  const media = path.join(dataDir, 'media');
  const clip = await makeClip(path.join(dataDir, 'clip.mp4'), {
    width: 1280,
    height: 720,
    seconds: ctx.quick ? 8 : 20,
  });
  ctx.log('transcoding a 720p clip');
  await transcodeVideo(clip, await probeVideo(clip), path.join(media, assetId));
  const segments: string[] = [];
  for (const rendition of fs.readdirSync(path.join(media, assetId))) {
    const dir = path.join(media, assetId, rendition);
    if (fs.statSync(dir).isDirectory())
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.m4s')) segments.push(`${rendition}/${f}`);
  }
  return { assetId, media, segments };
}

interface Totals {
  requests: number;
  bytes: number;
  seconds: number;
}

async function load(base: string, paths: string[], seconds: number): Promise<Totals> {
  const r = await autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    requests: paths.map((p) => ({ path: p })),
  });
  if (r.errors || r.non2xx) throw new Error(`${base}: ${r.errors} errors, ${r.non2xx} non-2xx answers under load`);
  return { requests: r.requests.total, bytes: r.throughput.total, seconds: r.duration };
}

/** Requests/s and MB/s of each target, loaded in alternating slices. */
export async function alternatingLoad(ctx: BenchContext, targets: { base: string; paths: string[] }[]) {
  const totals = targets.map(() => ({ requests: 0, bytes: 0, seconds: 0 }));
  const slices = ctx.quick ? 1 : 3;
  const seconds = ctx.quick ? 3 : 5;
  for (let i = 0; i < slices; i++) {
    ctx.log(`slice ${i + 1}/${slices}`);
    for (const [n, target] of targets.entries()) {
      const r = await load(target.base, target.paths, seconds);
      totals[n]!.requests += r.requests;
      totals[n]!.bytes += r.bytes;
      totals[n]!.seconds += r.seconds;
    }
  }
  return totals.map((t) => ({ requestsPerS: t.requests / t.seconds, mbPerS: t.bytes / t.seconds / 1e6 }));
}
