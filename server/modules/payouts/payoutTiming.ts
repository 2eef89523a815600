/**
 * A payout still `requested` this long after it was made (or released from a hold) has outlived its send job's retries (about five
 * minutes): only then may a status query fail it, so a query can never race a request still being sent.
 */
export const REQUESTED_GRACE_MS = 60 * 60_000;
