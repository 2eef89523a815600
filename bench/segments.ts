// Issue 5, benchmark 3: serving HLS segments through Darasa's token-checked media route against a bare
// static file server on the same files, in the same run: requests/s, MB/s and their ratios.
import { randomBytes } from 'node:crypto';
import { createMediaTokens } from '#server/modules/playback/mediaToken.ts';
import { BUNDLE, spawnServer } from './lib/builtServer.ts';
import { alternatingLoad, transcodedAsset } from './lib/segmentLoad.ts';
import { compared } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

export const benchmark: Benchmark = {
  name: 'segments',
  description: 'HLS segments through the token-checked media route vs a bare static file server',
  async run(ctx): Promise<Figure[]> {
    const secret = randomBytes(32).toString('base64url');
    const darasa = await spawnServer(BUNDLE, { DEMO_DATA: 'false', JOB_CONCURRENCY: '0', MEDIA_TOKEN_SECRET: secret });
    let bare: Awaited<ReturnType<typeof spawnServer>> | null = null;
    try {
      const { assetId, media, segments } = await transcodedAsset(darasa.dataDir, ctx);
      // Signed here with the key the spawned server was given, as its own media tokens would be.
      const token = createMediaTokens(Buffer.from(secret)).sign(assetId, 'private');
      bare = await spawnServer('bench/lib/bareStatic.ts', {}, { args: [media] });
      const [ours, theirs] = await alternatingLoad(ctx, [
        { base: darasa.url, paths: segments.map((f) => `/media/s/${token}/${assetId}/${f}`) },
        { base: bare.url, paths: segments.map((f) => `/${assetId}/${f}`) },
      ]);
      const bareServer = 'bare static file server';
      return [
        compared('segments with token check, requests/s', ours!.requestsPerS, 'req/s', {
          label: bareServer,
          value: theirs!.requestsPerS,
        }),
        compared('segments with token check, MB/s', ours!.mbPerS, 'MB/s', { label: bareServer, value: theirs!.mbPerS }),
      ];
    } finally {
      await bare?.stop();
      await darasa.stop();
    }
  },
};
