import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { removeUnusedDocuments } from '../media/lessonFileRows.ts';
import { loadManagedResourceInTx, resourceRef } from './loadManagedResourceInTx.ts';

/**
 * Removes a file from a lesson (`input`: the course's, the episode's and the resource's ids), by the
 * course's creator or an admin; the stored file goes with it.
 */
export async function deleteLessonResource(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const ids = parseInput(resourceRef, input);
  const assetId = await db.transaction().execute(async (trx) => {
    const { resource } = await loadManagedResourceInTx(trx, { actor, ...ids, dialect });
    await trx.deleteFrom('lessonResource').where('id', '=', resource.id).execute();
    return resource.assetId;
  });
  await removeUnusedDocuments(services, { assetIds: [assetId] });
}
