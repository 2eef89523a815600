import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { NOTE_MAX_CHARS } from '#common/learning/noteLimits.ts';

const id = z.string().regex(ID_PATTERN, 'Unknown id');

/** What the player reports while watching (and in a beacon when the page goes away). */
export const progressReportSchema = z.object({
  episodeId: id,
  /** Seconds into the episode. */
  position: z
    .number()
    .finite()
    .min(0)
    .max(24 * 60 * 60),
  /**
   * When the device recorded the position (ms since the epoch); absent, now. Positions watched offline
   * arrive late with their own time, and the server keeps the most recent (mergeProgress.ts).
   */
  recordedAt: z
    .number()
    .int()
    .min(Date.UTC(2020, 0, 1))
    .max(Date.UTC(2100, 0, 1))
    .optional(),
});
export type ProgressReport = z.infer<typeof progressReportSchema>;

export const reviewInputSchema = z.object({
  courseId: id,
  rating: z.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  comment: z.string().trim().max(2000, 'Please keep your comment under 2000 characters').default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** "Add note": at a moment of an episode the learner may watch. */
export const noteInputSchema = z.object({
  /** Made on the device (at least 16 characters of an id's alphabet), so a note written offline and sent
   * twice when the connection comes back is stored once. */
  id: z
    .string()
    .regex(/^[0-9A-Za-z_-]{16,64}$/, 'Unknown id')
    .optional(),
  episodeId: id,
  position: z
    .number({ error: 'Invalid position' })
    .finite()
    .min(0)
    .max(24 * 60 * 60),
  body: z
    .string({ error: 'Please write your note.' })
    .trim()
    .min(1, 'Please write your note.')
    .max(NOTE_MAX_CHARS, `A note can be at most ${NOTE_MAX_CHARS.toLocaleString('en-US')} characters.`),
});
