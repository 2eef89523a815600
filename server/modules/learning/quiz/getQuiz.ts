import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import type { QuestionType } from '#common/studio/quizSchema.ts';
import { canTakeQuiz } from '../../access/policies.ts';
import { findEpisodeForActor } from '../findEpisodeForActor.ts';
import { readQuizQuestions } from './readQuizQuestions.ts';

export interface LearnerQuiz {
  episodeId: string;
  passMark: number;
  /** null: unlimited. */
  maxAttempts: number | null;
  attemptsUsed: number;
  /** Whether any attempt so far passed, and the best score (null before the first attempt). */
  passed: boolean;
  bestScore: number | null;
  /** The questions to answer: never which answer is right (shown only after an attempt). */
  questions: { id: string; type: QuestionType; prompt: string; options: string[] }[];
}

/** A quiz lesson as its learner takes it, for those who may take it (others: the episode's 404). */
export async function getQuiz(
  services: Services,
  actor: Actor,
  { episodeId }: { episodeId: string },
): Promise<LearnerQuiz> {
  if (!actor) throw unauthenticated();
  const found = isId(episodeId) ? await findEpisodeForActor(services, actor, { episodeId }) : null;
  if (found?.episode.kind !== 'quiz') throw notFound('Episode not found.');
  if (!canTakeQuiz(actor, found.course, { episode: found.episode.position }, found.enrolled))
    throw notFound('Episode not found.');
  const { db } = services.database;
  const quiz = await db.selectFrom('quiz').selectAll().where('episodeId', '=', episodeId).executeTakeFirst();
  if (!quiz) throw notFound('Episode not found.');
  const attempts = await db
    .selectFrom('quizAttempt')
    .select(['score', 'passed'])
    .where('userId', '=', actor.userId)
    .where('episodeId', '=', episodeId)
    .execute();
  const scores = attempts.map((a) => toNum(a.score));
  return {
    episodeId,
    passMark: toNum(quiz.passMark),
    maxAttempts: quiz.maxAttempts === null ? null : toNum(quiz.maxAttempts),
    attemptsUsed: attempts.length,
    passed: attempts.some((a) => toBool(a.passed)),
    bestScore: scores.length ? Math.max(...scores) : null,
    questions: readQuizQuestions(quiz.questions).map((q) => ({
      id: q.id,
      type: q.type,
      prompt: q.prompt,
      options: q.type === 'number' ? [] : q.options.map((o) => o.text),
    })),
  };
}
