import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import type { Actor } from '#server/core/actor.ts';
import { checkAssets } from './checkAssets.ts';
import type { EpisodeInput } from '#common/studio/episodeSchema.ts';

/** The episode form's video and thumbnail must be files of the course's creator (see checkAssets). */
export function checkEpisodeAssets(
  db: Kysely<DB>,
  actor: Actor,
  courseCreatorId: string,
  data: EpisodeInput,
): Promise<void> {
  return checkAssets(db, actor, courseCreatorId, [
    { id: data.videoId, kind: 'video', field: 'videoId' },
    { id: data.thumbnailId, kind: 'image', field: 'thumbnailId' },
  ]);
}
