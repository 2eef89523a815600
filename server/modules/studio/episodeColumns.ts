import type { EpisodeInput } from '#common/studio/episodeSchema.ts';

/** The episode columns the episode form sets, when adding and editing alike (duration: its video's, videoDurationInTx). */
export function episodeColumns(data: EpisodeInput, duration: number) {
  return {
    title: data.title,
    description: data.description,
    videoId: data.videoId,
    thumbnailId: data.thumbnailId,
    duration,
  };
}
