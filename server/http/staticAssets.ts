// The built client (hashed JS/CSS under /assets, plus a few root files) held in memory with gzip and
// Brotli variants made once at start-up: these files are small and requested on every first visit.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { contentType } from './sendFile.ts';
import { withBuildInfo } from './serviceWorkerScript.ts';

export interface StaticFile {
  type: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  immutable: boolean;
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|ico|webmanifest)$/;

export function loadStaticAssets(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(clientDir)) return files;
  for (const rel of fs.readdirSync(clientDir, { recursive: true }) as string[]) {
    const abs = path.join(clientDir, rel);
    if (!fs.statSync(abs).isFile()) continue;
    const urlPath = `/${rel.split(path.sep).join('/')}`;
    const body = urlPath === '/sw.js' ? withBuildInfo(fs.readFileSync(abs), clientDir) : fs.readFileSync(abs);
    const file: StaticFile = { type: contentType(rel), body, immutable: urlPath.startsWith('/assets/') };
    if (COMPRESSIBLE.test(rel) && body.length > 512) {
      file.gzip = gzipSync(body, { level: 9 });
      file.br = brotliCompressSync(body);
    }
    files.set(urlPath, file);
  }
  return files;
}

/** Picks the smallest encoding the client accepts. */
export function pickEncoding(acceptEncoding: string | undefined, has: { br?: unknown; gzip?: unknown }) {
  const ae = acceptEncoding ?? '';
  if (has.br && /\bbr\b/.test(ae)) return 'br' as const;
  if (has.gzip && /\bgzip\b/.test(ae)) return 'gzip' as const;
  return null;
}
