import type { Services } from '#server/core/services.ts';
import { CAPTION_LANGUAGES, type CaptionTrack, captionUrl } from '#common/captions/captions.ts';
import { captionRefs } from './captionRefs.ts';

/**
 * The <track>s of a video's episode (`episodeId` when known, else every episode showing the video), under
 * the same playback token as the video's playlists.
 */
export async function captionTracks(
  services: Services,
  { videoAssetId, token, episodeId }: { videoAssetId: string; token: string; episodeId?: string | undefined },
): Promise<CaptionTrack[]> {
  let episodeIds: string[];
  if (episodeId) episodeIds = [episodeId];
  else {
    const rows = await services.database.db
      .selectFrom('episode')
      .select('id')
      .where('videoId', '=', videoAssetId)
      .execute();
    episodeIds = rows.map((r) => r.id);
  }
  // A video used by two episodes: one track per language.
  const refs = (await captionRefs(services, { episodeIds })).filter(
    (c, i, all) => all.findIndex((o) => o.language === c.language) === i,
  );
  return refs.map((c) => ({
    language: c.language,
    label: CAPTION_LANGUAGES[c.language],
    src: captionUrl(videoAssetId, token, c.id),
  }));
}
