import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { type NoteView, noteView } from './noteView.ts';

/** The learner's own notes in a course, in the order of the course: by episode, then by moment. */
export async function listCourseNotes(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<NoteView[]> {
  if (!actor) return [];
  const rows = await services.database.db
    .selectFrom('note')
    .innerJoin('episode', 'episode.id', 'note.episodeId')
    .select(['note.id', 'note.episodeId', 'episode.position as order', 'note.position', 'note.body', 'note.createdAt'])
    .where('note.userId', '=', actor.userId)
    .where('note.courseId', '=', courseId)
    .orderBy('episode.position')
    .orderBy('note.position')
    .orderBy('note.createdAt')
    .execute();
  return rows.map(noteView);
}
