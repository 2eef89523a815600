import { z } from 'zod';

export const BIO_MAX = 1000;

/** A creator's public profile as the studio form sends it. */
export const profileInput = z
  .object({
    bio: z.string().trim().max(BIO_MAX, `Please keep the bio under ${BIO_MAX} characters.`),
    avatarId: z.string().max(64).nullable(),
    /** The daily SMS of questions waiting for an answer; left out: unchanged. */
    questionDigestSms: z.boolean().optional(),
  })
  .strict();
export type ProfileInput = z.infer<typeof profileInput>;
