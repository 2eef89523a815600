import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { canTakeQuiz } from '../../access/policies.ts';
import { findEpisodeForActor } from '../findEpisodeForActor.ts';
import { readQuizQuestions } from './readQuizQuestions.ts';

/**
 * A quiz lesson (`input.episodeId`) and its quiz, for someone who may take it (canTakeQuiz); a visitor is
 * asked to sign in, anyone else gets the episode's 404 (as does an episode that is no quiz).
 */
export async function findQuizForActor(services: Services, actor: Actor, { episodeId }: { episodeId: string }) {
  if (!actor) throw unauthenticated();
  const found = isId(episodeId) ? await findEpisodeForActor(services, actor, { episodeId }) : null;
  if (found?.episode.kind !== 'quiz') throw notFound('Episode not found.');
  const { course, episode, enrolled, share } = found;
  if (!canTakeQuiz(actor, course, { episode: episode.position }, enrolled, share)) throw notFound('Episode not found.');
  const quiz = await services.database.db
    .selectFrom('quiz')
    .selectAll()
    .where('episodeId', '=', episodeId)
    .executeTakeFirst();
  if (!quiz) throw notFound('Episode not found.');
  return {
    actor,
    courseId: course.id,
    passMark: toNum(quiz.passMark),
    maxAttempts: quiz.maxAttempts === null ? null : toNum(quiz.maxAttempts),
    questions: readQuizQuestions(quiz.questions),
  };
}
