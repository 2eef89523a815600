import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import type { QuestionType } from '#common/studio/quizSchema.ts';
import { findQuizForActor } from './findQuizForActor.ts';
import { type QuizAttemptView, quizAttemptView } from './quizAttemptView.ts';

export interface LearnerQuiz {
  episodeId: string;
  passMark: number;
  /** null: unlimited. */
  maxAttempts: number | null;
  attemptsUsed: number;
  /** Whether any attempt so far passed, and the best score (null before the first attempt). */
  passed: boolean;
  bestScore: number | null;
  /**
   * The newest attempt as it was shown when scored (right or wrong, explanations, the right answers), so a
   * learner coming back sees it again; null before the first. Right answers reach only those who answered.
   */
  lastAttempt: QuizAttemptView | null;
  /** The questions to answer: never which answer is right (shown only after an attempt). */
  questions: { id: string; type: QuestionType; prompt: string; options: string[] }[];
}

/** A quiz lesson as its learner takes it, for those who may take it (others: the episode's 404). */
export async function getQuiz(
  services: Services,
  actor: Actor,
  { episodeId }: { episodeId: string },
): Promise<LearnerQuiz> {
  const quiz = await findQuizForActor(services, actor, { episodeId });
  const attempts = await services.database.db
    .selectFrom('quizAttempt')
    .select(['id', 'score', 'passed', 'results'])
    .where('userId', '=', quiz.actor.userId)
    .where('episodeId', '=', episodeId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const scores = attempts.map((a) => toNum(a.score));
  const last = attempts.at(-1);
  return {
    episodeId,
    passMark: quiz.passMark,
    maxAttempts: quiz.maxAttempts,
    attemptsUsed: attempts.length,
    passed: attempts.some((a) => toBool(a.passed)),
    bestScore: scores.length ? Math.max(...scores) : null,
    lastAttempt: last
      ? quizAttemptView({
          attempt: {
            id: last.id,
            score: toNum(last.score),
            passed: toBool(last.passed),
            results: JSON.parse(last.results),
          },
          questions: quiz.questions,
          attemptsUsed: attempts.length,
          maxAttempts: quiz.maxAttempts,
        })
      : null,
    questions: quiz.questions.map((q) => ({
      id: q.id,
      type: q.type,
      prompt: q.prompt,
      options: q.type === 'number' ? [] : q.options.map((o) => o.text),
    })),
  };
}
