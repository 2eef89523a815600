// The HTTP status a domain error would answer with, for tests of operations that state it that way.
import type { DomainError } from '#server/core/errors.ts';
import { httpStatus } from '#server/edge/errorStatus.ts';

export const statusOf = (err: unknown): number => httpStatus(err as DomainError);

/** The status an operation's call answers with: 200, or its refusal's. */
export async function answeredStatus(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    return statusOf(err);
  }
}
