import { randomUUID } from 'node:crypto';

// A proxy's or client's id is kept so one request can be followed across systems; anything else (too long,
// odd characters that could forge log fields or headers) is replaced by our own.
const SANE = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE.test(header) ? header : randomUUID();
}
