import { ATTRIBUTION_DAYS, REFERRAL_CODE } from './affiliateRules.ts';
import { ID_PATTERN } from '../ids.ts';

/** A visitor's referrals (decision 0067): the latest per course, kept in the `darasa_ref` cookie. */
export const REFERRAL_COOKIE = 'darasa_ref';
export interface CookieReferral {
  courseId: string;
  code: string;
  /** When the referral link was visited. */
  at: Date;
}

/** At most this many courses are remembered; the oldest goes first. */
const MAX_ENTRIES = 10;
const DAY_MS = 86_400_000;

/** The cookie's entries, `courseId.code.unixSeconds` joined by `~`; anything malformed or expired is dropped. */
export function readReferralCookie(value: string | undefined, now: Date): CookieReferral[] {
  if (!value || value.length > 2000) return [];
  const oldest = now.getTime() - ATTRIBUTION_DAYS * DAY_MS;
  return value.split('~').flatMap((part) => {
    const [courseId = '', code = '', secs = ''] = part.split('.');
    const at = new Date(Number(secs) * 1000);
    const fine = ID_PATTERN.test(courseId) && REFERRAL_CODE.test(code) && /^\d{1,12}$/.test(secs);
    return fine && at.getTime() > oldest && at <= now ? [{ courseId, code, at }] : [];
  });
}

/** The cookie's value with this referral as the course's latest. */
export function writeReferralCookie(entries: CookieReferral[], added: CookieReferral): string {
  const kept = entries.filter((e) => e.courseId !== added.courseId).slice(-(MAX_ENTRIES - 1));
  return [...kept, added].map((e) => `${e.courseId}.${e.code}.${Math.floor(e.at.getTime() / 1000)}`).join('~');
}
