// The one place where failures become HTTP answers. Domain code throws AppError with a stable code and a
// message a person can read; anything else is logged and answered with a generic 500 (never a stack).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger.ts';

export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly details?: Record<string, string>;
  constructor(status: ContentfulStatusCode, code: string, message: string, details?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    if (details) this.details = details;
  }
}

export const badRequest = (message: string, details?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, details);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Please sign in.') => new AppError(401, 'unauthorized', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooMany = (message: string) => new AppError(429, 'too_many_requests', message);

export function errorResponse(c: Context, err: unknown, log: Logger): Response {
  if (err instanceof AppError) {
    return c.json({ error: { code: err.code, message: err.message, details: err.details } }, err.status);
  }
  // Body parsers and URL decoding throw on malformed input: that is the client's fault, not ours.
  if (err instanceof SyntaxError || err instanceof URIError) {
    return c.json({ error: { code: 'bad_request', message: 'The request could not be read.' } }, 400);
  }
  log.error({ err, path: c.req.path }, 'unhandled error');
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
}
