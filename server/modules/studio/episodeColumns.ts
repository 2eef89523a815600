import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import type { EpisodeInput } from '#common/studio/episodeSchema.ts';
import { videoDuration } from './videoDuration.ts';

/** The episode columns the episode form sets, when adding and editing alike (duration from its video). */
export async function episodeColumns(db: Kysely<DB> | Transaction<DB>, data: EpisodeInput) {
  return {
    title: data.title,
    description: data.description,
    videoId: data.videoId,
    thumbnailId: data.thumbnailId,
    duration: await videoDuration(db, data.videoId),
  };
}
