// Issue 5, benchmark 3: serving HLS segments through Darasa's token-checked media route against a bare
// static file server on the same files, in the same run: requests/s, MB/s and their ratios.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { newId } from '#server/lib/ids.ts';
import { probeVideo } from '#server/modules/media/probeVideo.ts';
import { transcodeVideo } from '#server/modules/media/transcodeVideo.ts';
import { createMediaTokens } from '#server/modules/playback/mediaToken.ts';
import { makeClip } from '#tests/support/makeClip.ts';
import { BUNDLE, spawnServer } from './lib/builtServer.ts';
import { compared } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

async function load(base: string, paths: string[], seconds: number) {
  const r = await autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    requests: paths.map((p) => ({ path: p })),
  });
  if (r.errors || r.non2xx) throw new Error(`${base}: ${r.errors} errors, ${r.non2xx} non-2xx answers under load`);
  return { requests: r.requests.total, bytes: r.throughput.total, seconds: r.duration };
}

export const benchmark: Benchmark = {
  name: 'segments',
  description: 'HLS segments through the token-checked media route vs a bare static file server',
  async run(ctx): Promise<Figure[]> {
    const secret = randomBytes(32).toString('base64url');
    const darasa = await spawnServer(BUNDLE, { DEMO_DATA: 'false', JOB_CONCURRENCY: '0', MEDIA_TOKEN_SECRET: secret });
    let bare: Awaited<ReturnType<typeof spawnServer>> | null = null;
    try {
      const assetId = newId();
      const media = path.join(darasa.dataDir, 'media');
      const clip = await makeClip(path.join(darasa.dataDir, 'clip.mp4'), {
        width: 1280,
        height: 720,
        seconds: ctx.quick ? 8 : 20,
      });
      ctx.log('transcoding a 720p clip');
      await transcodeVideo(clip, await probeVideo(clip), path.join(media, assetId));
      const files: string[] = [];
      for (const rendition of fs.readdirSync(path.join(media, assetId))) {
        const dir = path.join(media, assetId, rendition);
        if (fs.statSync(dir).isDirectory())
          for (const f of fs.readdirSync(dir)) if (f.endsWith('.m4s')) files.push(`${rendition}/${f}`);
      }
      // Signed here with the key the spawned server was given, as its own media tokens would be.
      const token = createMediaTokens(Buffer.from(secret)).sign(assetId, 'private');
      bare = await spawnServer('bench/lib/bareStatic.ts', {}, { args: [media] });
      const ours = files.map((f) => `/media/s/${token}/${assetId}/${f}`);
      const theirs = files.map((f) => `/${assetId}/${f}`);
      // Alternating slices, so background load on a shared machine weighs on both alike.
      const slices = ctx.quick ? 1 : 3;
      const seconds = ctx.quick ? 3 : 5;
      const a = { requests: 0, bytes: 0, seconds: 0 };
      const b = { ...a };
      for (let i = 0; i < slices; i++) {
        ctx.log(`slice ${i + 1}/${slices}`);
        for (const [into, base, paths] of [
          [a, darasa.url, ours],
          [b, bare.url, theirs],
        ] as const) {
          const r = await load(base, paths, seconds);
          into.requests += r.requests;
          into.bytes += r.bytes;
          into.seconds += r.seconds;
        }
      }
      const bareServer = 'bare static file server';
      return [
        compared('segments with token check, requests/s', a.requests / a.seconds, 'req/s', {
          label: bareServer,
          value: b.requests / b.seconds,
        }),
        compared('segments with token check, MB/s', a.bytes / a.seconds / 1e6, 'MB/s', {
          label: bareServer,
          value: b.bytes / b.seconds / 1e6,
        }),
      ];
    } finally {
      await bare?.stop();
      await darasa.stop();
    }
  },
};
