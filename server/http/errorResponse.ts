// Where failures become the Hono API's answers (statuses from the one table, server/edge/errorStatus.ts):
// a DomainError is answered with its code and message; anything else is logged and answered with a
// generic 500 (never a stack).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '#server/core/errors.ts';
import { httpStatus, refusalHeaders } from '#server/edge/errorStatus.ts';
import type { Logger } from '#server/logging/logger.ts';

/** A Hono route's answer for anything it threw. */
export function errorResponse(c: Context, err: unknown, log: Logger): Response {
  if (err instanceof DomainError) {
    return c.json(
      { error: { code: err.code, message: err.message, details: err.details } },
      httpStatus(err),
      refusalHeaders(err),
    );
  }
  // Body parsers (Hono's validator: an HTTPException 400) and URL decoding throw on malformed input: that
  // is the client's fault, not ours.
  if (err instanceof SyntaxError || err instanceof URIError || (err instanceof HTTPException && err.status === 400)) {
    return c.json({ error: { code: 'invalid_input', message: 'The request could not be read.' } }, 400);
  }
  log.error({ err, path: c.req.path }, 'unhandled error');
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
}

/** The tus server's status for a refused upload: a file whose content is refused is a 422 (the request was fine). */
export function uploadRefusalStatus(err: DomainError): number {
  return ['not_video', 'not_image', 'unsupported_media_type'].includes(err.code) ? 422 : httpStatus(err);
}
