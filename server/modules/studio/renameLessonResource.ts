import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { renameResourceInput } from '#common/studio/lessonFiles.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import { loadManagedResourceInTx, resourceRef } from './loadManagedResourceInTx.ts';

/**
 * Renames a file attached to a lesson (`input`: the course's, the episode's and the resource's ids and the
 * new `name`), by the course's creator or an admin (decision 0069). Its download is named after it.
 */
export async function renameLessonResource(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  await loadManagedCourse(services, actor, input);
  const ids = parseInput(resourceRef, input);
  const { name } = parseInput(renameResourceInput, input);
  await db.transaction().execute(async (trx) => {
    const { resource } = await loadManagedResourceInTx(trx, { actor, ...ids, dialect });
    await trx.updateTable('lessonResource').set({ name }).where('id', '=', resource.id).execute();
  });
}
