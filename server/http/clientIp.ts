import type { Context } from 'hono';
import type { AppEnv } from './honoEnv.ts';

/**
 * The client's address: the socket's peer, or — behind a trusted reverse proxy (TRUST_PROXY) — the
 * last X-Forwarded-For hop, the one our proxy appended (earlier hops are whatever the client sent).
 */
export function clientIpOf(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last.slice(0, 64);
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
