import { z } from 'zod';

/** Body of every moderation action: an optional reason kept in the audit log. */
export const moderationBody = z.object({ reason: z.string().trim().max(500).default('') }).strict();

export const courseAction = z.enum(['publish', 'unpublish', 'feature', 'unfeature']);
export type CourseAction = z.infer<typeof courseAction>;

export const userAction = z.enum(['suspend', 'restore']);
export type UserAction = z.infer<typeof userAction>;
