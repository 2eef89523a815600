// A TCP relay in front of a real server that a test can cut, as a network partition or a service going
// down would: while cut, open connections are reset and new ones are reset as they arrive.
import net from 'node:net';

export interface TcpProxy {
  /** The target's URL with the relay's host and port. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const to = new URL(target);
  let down = false;
  const open = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    open.add(s);
    s.once('close', () => open.delete(s));
    s.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (down) return void client.resetAndDestroy();
    const upstream = net.connect(Number(to.port), to.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString().replace(/\/$/, ''),
    cut() {
      down = true;
      for (const s of open) s.resetAndDestroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of open) s.destroy();
        server.close(() => r());
      }),
  };
}
