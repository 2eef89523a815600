import { z } from 'zod';

/** A course's commission for its affiliates, in whole per cent of the price (decision 0067). */
export const MIN_COMMISSION_PERCENT = 5;
export const MAX_COMMISSION_PERCENT = 50;
/** A referral counts for a purchase started within this many days of the visit; the latest one wins. */
export const ATTRIBUTION_DAYS = 30;

/** The server's words about affiliates (keyed by the English sentence in the catalogues). */
export const AFFILIATE_TEXT = {
  percentRange: `The commission must be a whole number from ${MIN_COMMISSION_PERCENT} to ${MAX_COMMISSION_PERCENT} per cent.`,
  saved: 'Affiliate sales saved.',
  notOffered: 'This course does not offer affiliate sales.',
  ownCourse: 'You cannot earn a commission on your own course.',
  notForAdmins: 'Admin accounts cannot be affiliates.',
} as const;

export const courseAffiliateSchema = z
  .object({
    enabled: z.boolean(),
    percent: z
      .number({ message: AFFILIATE_TEXT.percentRange })
      .int(AFFILIATE_TEXT.percentRange)
      .min(MIN_COMMISSION_PERCENT, AFFILIATE_TEXT.percentRange)
      .max(MAX_COMMISSION_PERCENT, AFFILIATE_TEXT.percentRange),
  })
  .strict();
export type CourseAffiliateInput = z.input<typeof courseAffiliateSchema>;

/** A referral code: 8 letters and digits, as made by the server. */
export const REFERRAL_CODE = /^[a-z0-9]{8}$/;

/** The address an affiliate shares: the course's canonical link with their code. */
export const referralUrl = (publicUrl: string, courseId: string, code: string) =>
  `${publicUrl}/course/${courseId}?ref=${code}`;
