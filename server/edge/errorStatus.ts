// The one table from domain error codes to HTTP statuses, for both web edges: the Hono API and the tus
// server (server/http/errorResponse.ts) and the pages' actions and loaders (app/server/pageRefusals.server.ts).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainError, ErrorCode } from '#server/core/errors.ts';

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

/** The headers a refusal carries besides its status: `Retry-After` when the error knows when to retry. */
export function refusalHeaders(err: DomainError): Record<string, string> {
  return err.retryAfter ? { 'retry-after': String(err.retryAfter) } : {};
}
