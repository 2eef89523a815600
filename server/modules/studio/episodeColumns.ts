import type { EpisodeInput } from '#common/studio/episodeSchema.ts';
import { renderMarkdown } from '#server/lib/renderMarkdown.ts';

/**
 * The episode columns the episode form sets, when adding and editing alike (duration: its video's,
 * videoDurationInTx). A text lesson's HTML is rendered here, once per save (decision 0054).
 */
export function episodeColumns(data: EpisodeInput, duration: number) {
  return {
    kind: data.kind,
    title: data.title,
    description: data.description,
    videoId: data.videoId,
    thumbnailId: data.thumbnailId,
    pdfId: data.pdfId,
    body: data.body,
    bodyHtml: data.kind === 'text' ? renderMarkdown(data.body) : '',
    duration,
  };
}
