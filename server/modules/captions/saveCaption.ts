import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import type { CaptionLanguage } from '#common/captions/captions.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';
import { saveCaptionInput } from './captionInput.ts';
import { toWebVtt } from './toWebVtt.ts';

/**
 * Adds or replaces an episode's captions in one language (`input`: the course's and the episode's ids, the
 * language and the file), for the course's creator or an admin. The file is checked (and SRT converted)
 * before anything is written; a replacement gets a new id, hence a new URL.
 */
export async function saveCaption(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ language: CaptionLanguage; bytes: number; cues: number }> {
  const { db, dialect } = services.database;
  // Others learn nothing from the file's checks: the 404 comes first.
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { episodeId } = parseInput(episodeRef, input);
  const { language, file } = parseInput(saveCaptionInput, input);
  const { vtt, cues } = toWebVtt(file);
  const bytes = Buffer.byteLength(vtt);
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId, episodeId, dialect });
    await trx.deleteFrom('caption').where('episodeId', '=', episode.id).where('language', '=', language).execute();
    await trx
      .insertInto('caption')
      .values({ id: newId(), episodeId: episode.id, language, vtt, bytes, cues, createdAt: new Date() })
      .execute();
  });
  // A free episode's captions are part of anonymously cached pages.
  services.catalogChanged();
  return { language, bytes, cues };
}
