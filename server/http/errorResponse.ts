// The one place where failures become HTTP answers: domain error codes map to statuses here, for the Hono
// API, the React Router pages and the tus upload server alike. Anything that is not a DomainError is
// logged and answered with a generic 500 (never a stack).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { data } from 'react-router';
import { DomainError, type ErrorCode } from '../core/errors.ts';
import type { Logger } from '../logging/logger.ts';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  forbidden_origin: 403,
  not_found: 404,
  conflict: 409,
  already_owned: 409,
  payment_open: 409,
  too_large: 413,
  unsupported_media_type: 415,
  // 422 on the tus server (uploadRefusalStatus), where the file itself arrived and was refused.
  not_video: 400,
  not_image: 400,
  rate_limited: 429,
  provider_refused: 502,
  provider_unavailable: 502,
};

export function httpStatus(err: DomainError): ContentfulStatusCode {
  return STATUS[err.code];
}

/** A Hono route's answer for anything it threw. */
export function errorResponse(c: Context, err: unknown, log: Logger): Response {
  if (err instanceof DomainError) {
    return c.json({ error: { code: err.code, message: err.message, details: err.details } }, httpStatus(err));
  }
  // Body parsers and URL decoding throw on malformed input: that is the client's fault, not ours.
  if (err instanceof SyntaxError || err instanceof URIError) {
    return c.json({ error: { code: 'invalid_input', message: 'The request could not be read.' } }, 400);
  }
  log.error({ err, path: c.req.path }, 'unhandled error');
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
}

/**
 * A page action's answer for a refusal: the body the page shows (built from the error) with the status the
 * API would use. Anything that is not a DomainError is rethrown (React Router's error page).
 */
export function refusalData<T>(err: unknown, body: (err: DomainError) => T) {
  if (!(err instanceof DomainError)) throw err;
  return data(body(err), { status: httpStatus(err) });
}

/** For loaders: a missing (or someone else's) record becomes the not-found page; anything else is rethrown. */
export function throwNotFoundPage(err: unknown): never {
  if (err instanceof DomainError && err.code === 'not_found') throw data(null, { status: 404 });
  throw err;
}

/** The tus server's status for a refused upload: a file whose content is refused is a 422 (the request was fine). */
export function uploadRefusalStatus(err: DomainError): number {
  return err.code === 'not_video' || err.code === 'not_image' ? 422 : httpStatus(err);
}
