import type { Actor } from '#server/core/actor.ts';
import { invalidInput, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import { noteInputSchema } from '#common/learning/schemas.ts';
import { findEpisodeForActor } from '../findEpisodeForActor.ts';
import { type NoteView, noteView } from './noteView.ts';

/** Notes one learner may keep in one course: far more than anyone writes, bounded all the same. */
export const MAX_NOTES_PER_COURSE = 500;
/** Players report a little past the measured end (as progress does). */
const END_SLACK_S = 5;

/**
 * "Add note": a private note at a moment of an episode the learner may watch (the free first episode, or any
 * of a course they own). Anyone else gets a 404, as for the episode itself; nothing is stored on a refusal.
 */
export async function addNote(services: Services, actor: Actor, input: unknown): Promise<NoteView> {
  if (!actor) throw unauthenticated();
  const { episodeId, position, body } = parseInput(noteInputSchema, input, 'Invalid note.');
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (!found?.canWatch) throw notFound('Episode not found.');
  if (position > found.episode.duration + END_SLACK_S)
    throw invalidInput('That position is past the end of the episode.');
  const { db } = services.database;
  const courseId = found.episode.courseId;
  const row = {
    id: newId(),
    userId: actor.userId,
    courseId,
    episodeId,
    position: Math.round(position * 10) / 10,
    body,
    createdAt: services.clock.now(),
  };
  await db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom('note')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', actor.userId)
      .where('courseId', '=', courseId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_NOTES_PER_COURSE)
      throw invalidInput(`You can keep at most ${MAX_NOTES_PER_COURSE} notes in a course. Delete some first.`);
    await trx.insertInto('note').values(row).execute();
  });
  return noteView({ ...row, order: found.episode.position });
}
