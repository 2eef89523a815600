import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export interface Listener {
  /** http://127.0.0.1:<port>, the origin clients are given. */
  url: string;
  /** Stops listening and cuts open connections. */
  close(): Promise<void>;
}

/**
 * Serves a simulator's app on 127.0.0.1 only: its pages show one-time codes and answer payment prompts, so
 * nobody but this machine may reach them. Port 0 takes any free port.
 */
export async function listenOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
  port = 0,
): Promise<Listener> {
  const server = http.createServer(getRequestListener(fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    async close() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}
