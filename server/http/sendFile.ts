// Streams a file (from disk, or from the media storage) with HTTP Range support (video seeking, resumed downloads) and conditional requests.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { MediaStorage } from '#server/core/mediaStorage.ts';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
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

/** What a ranged response needs to know of a file, and how to read part of it. */
interface RangeSource {
  name: string;
  size: number;
  modifiedMs: number;
  read(range: { start: number; end: number }): Promise<ReadableStream<Uint8Array>>;
}

const notFound = (c: Context) => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);

export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
    if (!stat.isFile()) throw new Error('not a file');
  } catch {
    return notFound(c);
  }
  return sendRange(c, cacheControl, {
    name: file,
    size: stat.size,
    modifiedMs: stat.mtimeMs,
    read: async ({ start, end }) => Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream,
  });
}

/** A file of the media storage (local disk or S3), with the same ranges and validators as sendFile. */
export async function sendStored(c: Context, storage: MediaStorage, key: string, cacheControl: string) {
  const stat = await storage.stat(key);
  if (!stat) return notFound(c);
  return sendRange(c, cacheControl, { name: key, ...stat, read: (range) => storage.read(key, range) });
}

async function sendRange(c: Context, cacheControl: string, file: RangeSource): Promise<Response> {
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.modifiedMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': contentType(file.name),
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    etag,
    'last-modified': new Date(file.modifiedMs).toUTCString(),
  };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });

  let start = 0;
  let end = file.size - 1;
  let status = 200;
  const range = c.req.header('range');
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    const unsatisfiable = () =>
      new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } });
    if (!m || (m[1] === '' && m[2] === '')) return unsatisfiable();
    if (m[1] === '') {
      start = Math.max(0, file.size - Number(m[2]));
    } else {
      start = Number(m[1]);
      if (m[2] !== '') end = Math.min(end, Number(m[2]));
    }
    if (start > end || start >= file.size) return unsatisfiable();
    status = 206;
    headers['content-range'] = `bytes ${start}-${end}/${file.size}`;
  }
  headers['content-length'] = String(end - start + 1);
  // An empty file has no byte to read (and S3 refuses the range `bytes=0--1`).
  if (c.req.method === 'HEAD' || file.size === 0) return new Response(null, { status, headers });
  return new Response(await file.read({ start, end }), { status, headers });
}
