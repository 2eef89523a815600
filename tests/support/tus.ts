// Raw tus requests for the upload tests: create, PATCH, HEAD, a whole file at once, and a dropped connection.
import http from 'node:http';
import { vi } from 'vitest';
import type { Client } from './httpClient.ts';
import type { App } from './testApp.ts';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** tus creation (POST) with a declared length and metadata. */
export function tusCreate(c: Client, meta: Record<string, string>, length: number): Promise<Response> {
  return c.request('/api/uploads', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
}

/** tus PATCH of `bytes` at `offset` to an upload's path (`/api/uploads/<id>`). */
export function tusPatch(c: Client, path: string, offset: number, bytes: Uint8Array): Promise<Response> {
  return c.request(path, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as BodyInit,
  });
}

export async function tusOffset(c: Client, path: string): Promise<number | null> {
  const res = await c.request(path, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
  return res.status === 200 ? Number(res.headers.get('upload-offset')) : null;
}

/** Uploads a whole file in one create + one PATCH; answers the final PATCH and the upload's path. */
export async function uploadWhole(c: Client, meta: Record<string, string>, bytes: Uint8Array) {
  const created = await tusCreate(c, meta, bytes.length);
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const path = created.headers.get('location')!;
  const res = await tusPatch(c, path, 0, bytes);
  return { res, path, id: path.split('/').pop()! };
}

/** Sends part of a PATCH body, then cuts the connection as a phone losing signal would. */
export function sendThenDrop(app: App, c: Client, url: string, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(app.url + url, {
      method: 'PATCH',
      headers: {
        cookie: c.cookieHeader,
        origin: new URL(app.url).origin,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length * 2),
      },
    });
    req.on('error', () => resolve());
    // The pause is the subject: bytes flushed to the socket still need a moment to reach the server before
    // the cut (a reset discards what the server's kernel has not handed over yet).
    req.write(bytes, () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200),
    );
  });
}

/** The upload's offset once the server reports one `ok` accepts. */
export function waitForOffset(c: Client, url: string, ok: (o: number) => boolean): Promise<number> {
  return vi.waitFor(
    async () => {
      const o = await tusOffset(c, url);
      if (o === null || !ok(o)) throw new Error(`upload offset ${o} not reached yet`);
      return o;
    },
    { timeout: 20_000, interval: 50 },
  );
}
