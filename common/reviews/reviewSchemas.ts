import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';

const id = z.string().regex(ID_PATTERN, 'Unknown id');

/** The creator's reply to one review (saved again to edit). */
export const replyInputSchema = z.object({
  reviewId: id,
  reply: z.string().trim().min(1, 'Write a reply').max(2000, 'Please keep your reply under 2000 characters'),
});

export const reviewAction = z.enum(['hide', 'restore']);
export type ReviewAction = z.infer<typeof reviewAction>;

/** "Show more": a course's next page of reviews after the last one shown (`createdAt~id`). */
export const reviewPageQuery = z.object({
  courseId: id,
  after: z
    .string()
    .max(100)
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~[0-9A-Za-z_-]+$/, 'is not a page link this list gave out')
    .refine((s) => !Number.isNaN(Date.parse(s.split('~')[0] ?? '')), 'is not a page link this list gave out')
    .optional(),
});
