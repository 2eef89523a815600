import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { loadManagedEpisode } from '../studio/loadManagedEpisode.ts';
import { deleteCaptionInput } from './captionInput.ts';

/** Removes an episode's captions in one language (its creator or an admin). */
export async function deleteCaption(
  services: Services,
  actor: Actor,
  courseId: unknown,
  episodeId: unknown,
  input: unknown,
): Promise<void> {
  const { db, dialect } = services.database;
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisode(trx, actor, courseId, episodeId, dialect);
    const { language } = parseInput(deleteCaptionInput, input);
    const r = await trx
      .deleteFrom('caption')
      .where('episodeId', '=', episode.id)
      .where('language', '=', language)
      .executeTakeFirst();
    if (!Number(r.numDeletedRows)) throw notFound('These captions were not found.');
  });
  services.catalogChanged();
}
