// A tiny stand-in for the server endpoints the upload field talks to, served by the component tests' Vite
// server: the tus protocol (creation, HEAD, PATCH) at /api/uploads, and GET /api/studio/assets/:id. So
// tus-js-client runs for real, over real XHRs with real progress events.
//   - a file whose name starts with "refuse" is refused like the server refuses a non-image (415 + text);
//   - after POST /__stub/hold each PATCH waits for a POST /__stub/release (which lets the waiting ones
//     answer) until POST /__stub/unhold: the test can look at the progress between chunks;
//   - GET /__stub/waiting says how many PATCHes wait;
//   - after POST /__stub/fail the waiting PATCHes and all later ones are refused (403, which tus-js-client
//     does not retry) until POST /__stub/unhold: an upload that cannot finish.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { UPLOAD_MESSAGES } from '#common/uploads/uploadRules.ts';

interface Upload {
  length: number;
  offset: number;
  fileName: string;
  kind: string;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

function metadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [k, v] = pair.trim().split(' ');
    if (k) out[k] = v ? Buffer.from(v, 'base64').toString('utf8') : '';
  }
  return out;
}

export function apiStub(): Plugin {
  const uploads = new Map<string, Upload>();
  let held: (() => void)[] | null = null;
  let failing = false;
  let next = 0;

  const send = (res: ServerResponse, status: number, headers: Record<string, string | number> = {}, body?: string) => {
    res.writeHead(status, {
      ...TUS,
      'Access-Control-Expose-Headers': 'Location, Upload-Offset, Upload-Length',
      ...headers,
    });
    res.end(body);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://stub');
    const method = req.method ?? 'GET';
    if (url.pathname === '/__stub/hold' && method === 'POST') {
      held = [];
      send(res, 204);
      return true;
    }
    if (['/__stub/release', '/__stub/unhold', '/__stub/fail'].includes(url.pathname) && method === 'POST') {
      const waiting = held ?? [];
      held = url.pathname === '/__stub/release' ? [] : null;
      failing = url.pathname === '/__stub/fail';
      for (const go of waiting) go();
      send(res, 204);
      return true;
    }
    if (url.pathname === '/__stub/waiting' && method === 'GET') {
      send(res, 200, { 'content-type': 'application/json' }, JSON.stringify(held?.length ?? 0));
      return true;
    }
    if (url.pathname === '/api/uploads' && method === 'POST') {
      const meta = metadata(req.headers['upload-metadata'] as string | undefined);
      if (meta.filename?.startsWith('refuse')) {
        send(res, 415, { 'content-type': 'text/plain' }, UPLOAD_MESSAGES.notImage);
        return true;
      }
      const id = `up${++next}`;
      uploads.set(id, {
        length: Number(req.headers['upload-length']),
        offset: 0,
        fileName: meta.filename ?? '',
        kind: meta.kind ?? 'image',
      });
      send(res, 201, { Location: `/api/uploads/${id}` });
      return true;
    }
    const tus = /^\/api\/uploads\/([\w-]+)$/.exec(url.pathname);
    const upload = tus ? uploads.get(tus[1]!) : undefined;
    if (tus && !upload) {
      send(res, 404, {}, UPLOAD_MESSAGES.notFound);
      return true;
    }
    if (upload && method === 'HEAD') {
      send(res, 200, { 'Upload-Offset': upload.offset, 'Upload-Length': upload.length, 'Cache-Control': 'no-store' });
      return true;
    }
    if (upload && method === 'PATCH') {
      for await (const chunk of req) upload.offset += (chunk as Buffer).length;
      if (held) await new Promise<void>((go) => held!.push(go));
      if (failing) send(res, 403, { 'content-type': 'text/plain' }, UPLOAD_MESSAGES.failed);
      else send(res, 204, { 'Upload-Offset': upload.offset });
      return true;
    }
    const asset = /^\/api\/studio\/assets\/([\w-]+)$/.exec(url.pathname);
    if (asset && method === 'GET') {
      const u = uploads.get(asset[1]!);
      if (!u || u.offset !== u.length)
        send(res, 404, { 'content-type': 'application/json' }, JSON.stringify({ error: { message: 'Not found' } }));
      else {
        const view = {
          id: asset[1],
          kind: u.kind,
          status: 'queued',
          progress: null,
          error: null,
          fileName: u.fileName,
          duration: null,
          preview: null,
        };
        send(res, 200, { 'content-type': 'application/json' }, JSON.stringify(view));
      }
      return true;
    }
    return false;
  }

  return {
    name: 'darasa-api-stub',
    configureServer(server) {
      server.middlewares.use((req, res, nextMiddleware) => {
        if (!req.url?.startsWith('/api/') && !req.url?.startsWith('/__stub/')) return nextMiddleware();
        handle(req, res).then(
          (done) => (done ? undefined : nextMiddleware()),
          (err: unknown) => nextMiddleware(err),
        );
      });
    },
  };
}
