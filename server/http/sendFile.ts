// Streams a file with HTTP Range support (video seeking, resumed downloads) and conditional requests.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.html': 'text/html; charset=utf-8',
  '.woff2': 'font/woff2',
};

export function contentType(file: string): string {
  const dot = file.lastIndexOf('.');
  return TYPES[dot >= 0 ? file.slice(dot).toLowerCase() : ''] ?? 'application/octet-stream';
}

export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
    if (!stat.isFile()) throw new Error('not a file');
  } catch {
    return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  }
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': contentType(file),
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    etag,
  };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });

  let start = 0;
  let end = stat.size - 1;
  let status = 200;
  const range = c.req.header('range');
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    const unsatisfiable = () =>
      new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${stat.size}` } });
    if (!m || (m[1] === '' && m[2] === '')) return unsatisfiable();
    if (m[1] === '') {
      start = Math.max(0, stat.size - Number(m[2]));
    } else {
      start = Number(m[1]);
      if (m[2] !== '') end = Math.min(end, Number(m[2]));
    }
    if (start > end || start >= stat.size) return unsatisfiable();
    status = 206;
    headers['content-range'] = `bytes ${start}-${end}/${stat.size}`;
  }
  headers['content-length'] = String(end - start + 1);
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const stream = fs.createReadStream(file, { start, end });
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}
