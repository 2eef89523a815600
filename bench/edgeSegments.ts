// Issue 16: HLS segments through the nginx media edge (deploy/nginx: the token checked by njs on every
// request, files from nginx's cache) against the same nginx serving the same files with no check, in the
// same run: requests/s, MB/s and their ratios. The cost measured is the edge's HMAC and cache lookup.
import { randomBytes } from 'node:crypto';
import { createMediaTokens } from '#server/modules/playback/mediaToken.ts';
import { freePort } from '#server/lib/freePort.ts';
import { startNginxEdge } from '#tests/support/nginxEdge.ts';
import { BUNDLE, spawnServer } from './lib/builtServer.ts';
import { alternatingLoad, transcodedAsset } from './lib/segmentLoad.ts';
import { compared } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

export const benchmark: Benchmark = {
  name: 'edge-segments',
  description:
    'HLS segments through the nginx media edge (njs token check, proxy_cache) vs nginx serving the files unchecked',
  async run(ctx): Promise<Figure[]> {
    const secret = randomBytes(32).toString('base64url');
    const darasa = await spawnServer(BUNDLE, { DEMO_DATA: 'false', JOB_CONCURRENCY: '0', MEDIA_TOKEN_SECRET: secret });
    let edge: Awaited<ReturnType<typeof startNginxEdge>> | null = null;
    try {
      const { assetId, media, segments } = await transcodedAsset(darasa.dataDir, ctx);
      const token = createMediaTokens(Buffer.from(secret)).sign(assetId, 'private');
      // The reference: a second server block of the same nginx, the same worker, plain files.
      const plainPort = await freePort();
      edge = await startNginxEdge({
        appServers: [new URL(darasa.url).host],
        secret,
        extraHttp: `server { listen 127.0.0.1:${plainPort}; location / { root ${media}; } }`,
      });
      const checked = segments.map((f) => `/media/s/${token}/${assetId}/${f}`);
      // Fill the cache first: the figure is the edge's steady state, not the app's first answers.
      for (const p of checked) {
        const res = await fetch(edge.url + p);
        if (!res.ok) throw new Error(`${p}: ${res.status} through the edge`);
        await res.arrayBuffer();
      }
      const [ours, plain] = await alternatingLoad(ctx, [
        { base: edge.url, paths: checked },
        { base: `http://127.0.0.1:${plainPort}`, paths: segments.map((f) => `/${assetId}/${f}`) },
      ]);
      const reference = 'nginx serving the files, no token check';
      return [
        compared('edge segments with token check, requests/s', ours!.requestsPerS, 'req/s', {
          label: reference,
          value: plain!.requestsPerS,
        }),
        compared('edge segments with token check, MB/s', ours!.mbPerS, 'MB/s', {
          label: reference,
          value: plain!.mbPerS,
        }),
      ];
    } finally {
      await edge?.stop();
      await darasa.stop();
    }
  },
};
