// Domain refusals as page answers, with the status the API would use (the one table, server/edge/errorStatus.ts).
import { data } from 'react-router';
import { DomainError } from '#server/core/errors.ts';
import { httpStatus, refusalHeaders } from '#server/edge/errorStatus.ts';

/**
 * A page action's answer for a refusal: the body the page shows (built from the error) with the status the
 * API would use. Anything that is not a DomainError is rethrown (React Router's error page).
 */
export function refusalData<T>(err: unknown, body: (err: DomainError) => T) {
  if (!(err instanceof DomainError)) throw err;
  return data(body(err), { status: httpStatus(err), headers: refusalHeaders(err) });
}

/**
 * For loaders: a missing (or someone else's) record becomes the not-found page, and so does an address whose
 * parameters cannot name one (too long, wrong shape: `/category/<41 characters>`); anything else is rethrown.
 */
export function throwNotFoundPage(err: unknown): never {
  if (err instanceof DomainError && (err.code === 'not_found' || err.code === 'invalid_input'))
    throw data(null, { status: 404 });
  throw err;
}
