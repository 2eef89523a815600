// Resolves once a test server has answered `count` requests whose path starts with `pathPrefix`: the real
// event to wait for when a simulator calls back and the test must see what the server made of it.
import type { Server } from 'node:http';

export function answered(server: Server, pathPrefix: string, count = 1): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onRequest = (req: { url?: string }, res: { once(e: 'finish', f: () => void): void }) => {
      if (!req.url?.startsWith(pathPrefix)) return;
      res.once('finish', () => {
        if (++seen < count) return;
        server.off('request', onRequest);
        resolve();
      });
    };
    server.on('request', onRequest);
  });
}
