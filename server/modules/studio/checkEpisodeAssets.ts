import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import type { EpisodeInput } from '#common/studio/episodeSchema.ts';
import { checkAssets } from './checkAssets.ts';

/** The episode form's video (or recording), thumbnail and PDF must be files of the course's creator (see checkAssets). */
export function checkEpisodeAssets(
  services: Services,
  actor: Actor,
  { creatorId, episode }: { creatorId: string; episode: EpisodeInput },
): Promise<void> {
  return checkAssets(services, actor, {
    creatorId,
    wanted: [
      // An audio lesson's recording is its videoId too (decision 0069), an asset of kind 'audio'.
      { id: episode.videoId, kind: episode.kind === 'audio' ? 'audio' : 'video', field: 'videoId' },
      { id: episode.thumbnailId, kind: 'image', field: 'thumbnailId' },
      { id: episode.pdfId, kind: 'pdf', field: 'pdfId' },
    ],
  });
}
