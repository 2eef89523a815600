import type { Actor } from '#server/core/actor.ts';
import { conflict, invalidInput, notFound, unauthenticated } from '#server/core/errors.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import { noteInputSchema } from '#common/learning/schemas.ts';
import { findEpisodeForActor } from '../findEpisodeForActor.ts';
import { type NoteView, noteView } from './noteView.ts';

/** Notes one learner may keep in one course: far more than anyone writes, bounded all the same. */
export const MAX_NOTES_PER_COURSE = 500;
/** A note id already taken by someone else, or gone between two requests: nothing says whose. */
const NOT_SAVED = 'That note could not be saved. Please try again.';
/** Players report a little past the measured end (as progress does). */
const END_SLACK_S = 5;

/**
 * "Add note": a private note at a moment of an episode the learner may watch (the free first episode, or any
 * of a course they own). Anyone else gets a 404, as for the episode itself; nothing is stored on a refusal.
 * A note sent again with the id the device gave it (written offline, sent twice) is stored once: the
 * repeat gets the note already kept.
 */
export async function addNote(services: Services, actor: Actor, input: unknown): Promise<NoteView> {
  if (!actor) throw unauthenticated();
  const { id, episodeId, position, body } = parseInput(noteInputSchema, input, 'Invalid note.');
  if (id) {
    const kept = await keptNote(services, actor.userId, id);
    if (kept) return kept;
  }
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (!found?.canWatch) throw notFound('Episode not found.');
  if (position > found.episode.duration + END_SLACK_S)
    throw invalidInput('That position is past the end of the episode.');
  const { db } = services.database;
  const courseId = found.episode.courseId;
  const row = {
    id: id ?? newId(),
    userId: actor.userId,
    courseId,
    episodeId,
    position: Math.round(position * 10) / 10,
    body,
    createdAt: services.clock.now(),
  };
  const stored = await db
    .transaction()
    .execute(async (trx) => {
      const { n } = await trx
        .selectFrom('note')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', actor.userId)
        .where('courseId', '=', courseId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_NOTES_PER_COURSE)
        throw invalidInput(`You can keep at most ${MAX_NOTES_PER_COURSE} notes in a course. Delete some first.`);
      await trx.insertInto('note').values(row).execute();
      return true;
    })
    .catch((err: unknown) => {
      // The same note sent twice at once: the other request stored it, read below.
      if (id && isUniqueViolation(err)) return false;
      throw err;
    });
  if (stored) return noteView({ ...row, order: found.episode.position });
  const kept = await keptNote(services, actor.userId, row.id);
  if (!kept) throw conflict(NOT_SAVED);
  return kept;
}

/** The author's note with this id, or null; another person's id is refused without saying whose. */
async function keptNote(services: Services, userId: string, id: string): Promise<NoteView | null> {
  const row = await services.database.db
    .selectFrom('note')
    .innerJoin('episode', 'episode.id', 'note.episodeId')
    .select([
      'note.id',
      'note.userId',
      'note.episodeId',
      'note.position',
      'note.body',
      'note.createdAt',
      'episode.position as order',
    ])
    .where('note.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.userId !== userId) throw conflict(NOT_SAVED);
  return noteView(row);
}
