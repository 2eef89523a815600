import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Config } from '../config/config.ts';

// Security headers on every answer, set on Node's response before anything else runs, so the raw fast path
// (assets, cached pages), files, the API and pages all carry them. An answer may override one (pages set
// their own Content-Security-Policy with a nonce); Node gives writeHead's headers precedence.

/** For everything that is not one of our HTML pages: nothing may run, nothing may frame it. */
const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function securityHeaders(config: Config): [string, string][] {
  return [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)'],
    ['x-frame-options', 'DENY'],
    ['content-security-policy', STRICT_CSP],
    ...(config.publicUrl.startsWith('https://')
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ];
}

export function setSecurityHeaders(res: ServerResponse, headers: [string, string][]): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/** A fresh nonce for one page render. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The policy's source for a page rendered once for one person: its render's nonce. */
export const nonceSource = (nonce: string): string => `'nonce-${nonce}'`;

// Every inline <script> of a page (no src attribute), whatever its type: hashing one that never runs
// (the parked hydration module, type text/plain) is harmless, and that one does run later, as the module
// the deferred loader creates with the same text (deferHydration.ts).
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The policy's source for a page shared by many visitors (the page cache): the SHA-256 of each of its
 * inline scripts, computed once when it is stored. A nonce in shared bytes would be the same for every
 * visitor; a hash allows exactly these scripts and nothing injected (decision 0043).
 */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const [, code] of html.matchAll(INLINE_SCRIPT)) {
    // The HTML parser turns CR LF and lone CR into LF before the browser hashes the text.
    const text = code!.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return [...hashes].join(' ');
}

/**
 * Our pages: scripts only from our origin or allowed by `scripts` (a render's nonce, or the hashes of a
 * cached page's inline scripts: React Router's bootstrap and data), and what they load; inline style
 * attributes (React `style`) allowed; media and images from our origin, blob: for hls.js' MediaSource.
 */
export function pageCsp(scripts: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The offline shell the service worker keeps: the worker script itself (a worker runs under its own
 * response's policy, so it must be allowed to fetch our origin) and the static offline page with its
 * inline script and styles (a fixed file with no user content).
 */
export const OFFLINE_SHELL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const OFFLINE_SHELL = new Set(['/sw.js', '/offline.html']);

/** The policy for a path, where it differs from the strict default (pages set their own per render). */
export function setShellPolicy(res: ServerResponse, url: string | undefined): void {
  const path = (url ?? '').split('?')[0]!;
  if (OFFLINE_SHELL.has(path)) res.setHeader('content-security-policy', OFFLINE_SHELL_CSP);
}
