// What better-auth needs from the domain (the rate-limit table, the reset e-mail), handed to createAuth by
// the composition root: infrastructure imports no module.
import type { Locale } from '#common/accounts/locale.ts';

/** Counts one request against `key` in a fixed window; `allowed` false once `max` are spent. */
export type ConsumeRateLimit = (
  key: string,
  rule: { window: number; max: number },
) => Promise<{ allowed: boolean; retryAfter: number | null }>;

/** A password-reset link to e-mail to an account's owner, in their language. */
export interface ResetLinkEmail {
  to: string;
  name: string;
  locale: Locale;
  link: string;
  /** How long the link works. */
  minutes: number;
}

export type SendResetLink = (email: ResetLinkEmail) => Promise<void>;
