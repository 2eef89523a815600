import type { QuizQuestion } from '#common/studio/quizSchema.ts';
import type { QuestionResult } from './scoreQuiz.ts';

/** One question of a scored attempt: right or wrong, why, and (now that it is answered) the right answer. */
export type QuestionOutcome = QuestionResult & { explanation: string } & (
    | { correctChoices: number[] }
    | { correctNumber: number; tolerance: number }
  );

export interface QuizAttemptView {
  attemptId: string;
  score: number;
  passed: boolean;
  /** Attempts made so far at this quiz, this one included. */
  attemptsUsed: number;
  /** null: unlimited. */
  attemptsLeft: number | null;
  questions: QuestionOutcome[];
}

/** What a learner is shown after an attempt (a question removed from the quiz since is left out). */
export function quizAttemptView(input: {
  attempt: { id: string; score: number; passed: boolean; results: QuestionResult[] };
  questions: QuizQuestion[];
  attemptsUsed: number;
  maxAttempts: number | null;
}): QuizAttemptView {
  const { attempt, attemptsUsed, maxAttempts } = input;
  const byId = new Map(input.questions.map((q) => [q.id, q]));
  const questions: QuestionOutcome[] = [];
  for (const r of attempt.results) {
    const q = byId.get(r.questionId);
    if (!q) continue;
    const answer =
      q.type === 'number'
        ? { correctNumber: q.answer, tolerance: q.tolerance }
        : { correctChoices: q.options.flatMap((o, i) => (o.correct ? [i] : [])) };
    questions.push({ ...r, explanation: q.explanation, ...answer });
  }
  return {
    attemptId: attempt.id,
    score: attempt.score,
    passed: attempt.passed,
    attemptsUsed,
    attemptsLeft: maxAttempts === null ? null : Math.max(0, maxAttempts - attemptsUsed),
    questions,
  };
}
