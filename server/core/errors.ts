// Domain errors: what went wrong, as a stable code and a message a person can read. They carry no HTTP
// status; the web edges alone map codes to statuses (one table, server/edge/errorStatus.ts), so the same
// operation can be called from a route, a page action, a job or a script.

export type ErrorCode =
  /** Input failed validation; `details` names the fields. */
  | 'invalid_input'
  /** No signed-in person where one is needed. */
  | 'unauthenticated'
  /** Signed in, but this person may not do this. */
  | 'forbidden'
  /** The request came from another site (CSRF guard). */
  | 'forbidden_origin'
  | 'not_found'
  /** The request contradicts the current state (already owned, price changed, payment open…). */
  | 'conflict'
  | 'already_owned'
  | 'payment_open'
  | 'rate_limited'
  /** An upload that is not a decodable video or image. */
  | 'not_video'
  | 'not_image'
  | 'too_large'
  | 'unsupported_media_type'
  /** An outside provider (M-Pesa, SMS, storage) refused or could not be reached. */
  | 'provider_refused'
  | 'provider_unavailable';

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, string>;
  /** Seconds until a refused attempt may succeed (rate limits): the edges send it as `Retry-After`. */
  readonly retryAfter?: number;
  constructor(code: ErrorCode, message: string, details?: Record<string, string>, retryAfter?: number) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    if (details) this.details = details;
    if (retryAfter !== undefined) this.retryAfter = Math.max(1, Math.ceil(retryAfter));
  }
}

export const invalidInput = (message: string, details?: Record<string, string>) =>
  new DomainError('invalid_input', message, details);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const forbidden = (message = 'You do not have access to this.') => new DomainError('forbidden', message);
export const unauthenticated = (message = 'Please sign in.') => new DomainError('unauthenticated', message);
export const conflict = (message: string, details?: Record<string, string>) =>
  new DomainError('conflict', message, details);
export const rateLimited = (message: string, retryAfter?: number | null) =>
  new DomainError('rate_limited', message, undefined, retryAfter ?? undefined);
