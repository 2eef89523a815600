import type { Locale } from '#common/accounts/locale.ts';
import type { Role } from '#common/roles.ts';

/**
 * The person acting on a request, a job or a script: who, and in which role. Every operation and
 * permission rule names it `actor`; a visitor is `null`.
 */
export type Actor = { userId: string; role: Role } | null;

/** The signed-in person of a request as the session knows them (pages greet them by name). */
export interface SessionUser {
  userId: string;
  role: Role;
  name: string;
  /** Null for a learner who signed up by phone without one. */
  email: string | null;
  /** The language this person chose (pages, SMS, e-mail): 'en' | 'sw'. */
  locale: Locale;
}
