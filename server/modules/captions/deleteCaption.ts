import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';
import { deleteCaptionInput } from './captionInput.ts';

/**
 * Removes an episode's captions in one language (`input`: the course's and the episode's ids and the
 * language), by the course's creator or an admin.
 */
export async function deleteCaption(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { courseId, episodeId } = parseInput(episodeRef, input);
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId, episodeId, dialect });
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
