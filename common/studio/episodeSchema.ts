import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { assetRef } from './courseSchema.ts';
import { LIMITS, STUDIO_MESSAGES } from './messages.ts';

const missing = STUDIO_MESSAGES.episodeRequired;

/** Adding or editing an episode: title and video are required (docs/product.md's episode message). */
export const episodeInput = z.object({
  title: z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(
      LIMITS.episodeDescription,
      `Description must be at most ${LIMITS.episodeDescription.toLocaleString('en-US')} characters`,
    )
    .default(''),
  videoId: z.string({ error: missing }).regex(ID_PATTERN, missing),
  thumbnailId: assetRef.default(null),
});

export type EpisodeInput = z.infer<typeof episodeInput>;

export const reorderInput = z.object({
  episodeIds: z
    .array(z.string().regex(ID_PATTERN, 'Unknown episode'), { error: 'Send the episodes in their new order' })
    .min(1, 'Send the episodes in their new order')
    .max(LIMITS.maxEpisodes),
});
