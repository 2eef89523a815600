import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';

const VIEW_KINDS = ['trailer_view', 'preview_view', 'watch'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/** Longest watch heartbeat accepted: the player reports every ~15 s, so anything longer is not one. */
const MAX_HEARTBEAT_SECONDS = 120;

/** One viewing event as the browser sends it (`app/lib/trackView.ts`): tiny, and nothing else accepted. */
export const viewEventInput = z
  .object({
    courseId: z.string().regex(ID_PATTERN),
    episodeId: z.string().regex(ID_PATTERN).optional(),
    kind: z.enum(VIEW_KINDS),
    seconds: z.number().int().min(0).max(MAX_HEARTBEAT_SECONDS).default(0),
  })
  .strict()
  .refine((e) => e.kind === 'trailer_view' || e.episodeId, { message: 'episodeId is required for this kind' })
  .refine((e) => e.kind === 'watch' || e.seconds === 0, { message: 'only watch events carry seconds' });
export type ViewEventInput = z.infer<typeof viewEventInput>;

export interface ViewEvent extends ViewEventInput {
  userId: string | null;
  at: Date;
}
