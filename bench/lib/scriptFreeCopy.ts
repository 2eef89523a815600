// The reference for "as fast as its static copy": a pass-through proxy in front of the Darasa server that
// answers `<page>?scriptfree` with that page's HTML minus every script and modulepreload link, compressed
// and labelled exactly as the server sends the page. Both variants go through the proxy, so they are
// served the same way; only the scripts differ.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface ScriptFreeProxy {
  url: string;
  /** Takes a snapshot of `path` (anonymous), served from then on at `${path}?scriptfree`. */
  snapshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export function stripScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}

export async function startScriptFreeProxy(upstream: string): Promise<ScriptFreeProxy> {
  const copies = new Map<string, { headers: Headers; html: string }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', upstream);
    const copy = url.search === '?scriptfree' ? copies.get(url.pathname) : undefined;
    if (copy) {
      const accept = String(req.headers['accept-encoding'] ?? '');
      const [encoding, body] = accept.includes('br')
        ? ['br', brotliCompressSync(copy.html)]
        : accept.includes('gzip')
          ? ['gzip', gzipSync(copy.html)]
          : [null, Buffer.from(copy.html)];
      const headers: Record<string, string> = { 'content-length': String(body.length), vary: 'Accept-Encoding' };
      copy.headers.forEach((v, k) => {
        if (!['content-length', 'content-encoding', 'vary', 'transfer-encoding'].includes(k)) headers[k] = v;
      });
      if (encoding) headers['content-encoding'] = encoding;
      res.writeHead(200, headers).end(body);
      return;
    }
    const upstreamReq = http.request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstreamReq.on('error', () => res.writeHead(502).end());
    req.pipe(upstreamReq);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async snapshot(path) {
      const res = await fetch(upstream + path);
      copies.set(path, { headers: res.headers, html: stripScripts(await res.text()) });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
