import type { Actor } from '#server/core/actor.ts';
import { forbidden, invalidInput, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import { askInputSchema } from '#common/questions/questionSchemas.ts';
import { canJoinQuestions } from '../access/policies.ts';
import { findEpisodeForActor } from '../learning/findEpisodeForActor.ts';
import { limitQuestions } from './limitQuestions.ts';
import { notifyQuestionJob } from './notifyQuestionJob.ts';

/** Players report a little past the measured end (as progress and notes do). */
const END_SLACK_S = 5;

/**
 * "Ask": a question under an episode, optionally at a moment of its video, by someone with the whole course
 * (an enrolled learner, its creator, an admin). The course's creator is told by e-mail (a durable job queued
 * in the same transaction), unless they asked it themselves. At most QUESTION_LIMIT_PER_HOUR an hour per
 * person (429 past it). Nothing is stored on a refusal.
 */
export async function askQuestion(services: Services, actor: Actor, input: unknown): Promise<{ id: string }> {
  if (!actor) throw unauthenticated();
  const { episodeId, body, atSeconds } = parseInput(askInputSchema, input);
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (!found) throw notFound('Episode not found.');
  if (!canJoinQuestions(actor, found.course, found.enrolled))
    throw forbidden('Only learners enrolled in this course can ask questions.');
  if (atSeconds != null && atSeconds > found.episode.duration + END_SLACK_S)
    throw invalidInput('That position is past the end of the episode.');
  await limitQuestions(services, { userId: actor.userId });
  const id = newId();
  await services.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('question')
      .values({
        id,
        courseId: found.course.id,
        episodeId,
        userId: actor.userId,
        body,
        atSeconds: atSeconds ?? null,
        createdAt: services.clock.now(),
      })
      .execute();
    if (actor.userId !== found.course.creatorId)
      await services.jobs.enqueue(trx, notifyQuestionJob, { kind: 'asked', itemId: id });
  });
  return { id };
}
