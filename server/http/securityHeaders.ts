import { randomBytes } from 'node:crypto';
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

/**
 * Our pages: scripts only from our origin or carrying this render's nonce (React Router's inline
 * bootstrap), and what they load; inline style attributes (React `style`) allowed; media and images from
 * our origin, blob: for hls.js' MediaSource.
 */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
