import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { CAPTION_LANGUAGES, type CaptionTrack, captionUrl } from '#common/captions/captions.ts';
import { captionRefs } from './captionRefs.ts';

/** The <track>s of a video's episode, under the same playback token as the video's playlists. */
export async function captionTracks(
  db: Kysely<DB>,
  videoAssetId: string,
  token: string,
  episodeId?: string,
): Promise<CaptionTrack[]> {
  let ids: string[];
  if (episodeId) ids = [episodeId];
  else {
    const rows = await db.selectFrom('episode').select('id').where('videoId', '=', videoAssetId).execute();
    ids = rows.map((r) => r.id);
  }
  // A video used by two episodes: one track per language.
  const refs = (await captionRefs(db, ids)).filter(
    (c, i, all) => all.findIndex((o) => o.language === c.language) === i,
  );
  return refs.map((c) => ({
    language: c.language,
    label: CAPTION_LANGUAGES[c.language],
    src: captionUrl(videoAssetId, token, c.id),
  }));
}
