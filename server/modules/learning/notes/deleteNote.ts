import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';

/** Deletes one of the learner's own notes; anyone else's (or none) is a 404, and nothing changes. */
export async function deleteNote(services: Services, actor: Actor, { noteId }: { noteId: string }): Promise<void> {
  if (!actor) throw unauthenticated();
  if (!isId(noteId)) throw notFound('Note not found.');
  const r = await services.database.db
    .deleteFrom('note')
    .where('id', '=', noteId)
    .where('userId', '=', actor.userId)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('Note not found.');
}
