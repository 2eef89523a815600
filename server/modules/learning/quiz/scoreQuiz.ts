import { invalidInput } from '#server/core/errors.ts';
import type { QuizAttemptInput } from '#common/learning/quizAttemptSchema.ts';
import type { QuizQuestion } from '#common/studio/quizSchema.ts';

export interface QuestionResult {
  questionId: string;
  correct: boolean;
  /** What the learner answered (none: left out), kept so the attempt can be shown again as it was. */
  choices?: number[];
  number?: number;
}

/** Whether one answer is right: exactly the correct options chosen, or a number within the tolerance. */
function isRight(q: QuizQuestion, answer: QuizAttemptInput['answers'][number] | undefined): boolean {
  if (!answer) return false;
  if (q.type === 'number') return answer.number !== undefined && Math.abs(answer.number - q.answer) <= q.tolerance;
  const chosen = new Set(answer.choices ?? []);
  return q.options.every((o, i) => o.correct === chosen.has(i));
}

/**
 * Scores an attempt against the quiz's questions: each answered or left out (wrong). An answer to a question
 * the quiz does not have, two answers to one question, or an answer of the wrong shape (options for a number
 * question, an option the question does not have) is refused.
 */
export function scoreQuiz(
  questions: QuizQuestion[],
  answers: QuizAttemptInput['answers'],
  passMark: number,
): { results: QuestionResult[]; score: number; passed: boolean } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, QuizAttemptInput['answers'][number]>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q || given.has(a.questionId)) throw invalidInput('That answer is for a question this quiz does not have.');
    const fits =
      q.type === 'number'
        ? a.choices === undefined
        : a.number === undefined && (a.choices ?? []).every((i) => i < q.options.length);
    if (!fits) throw invalidInput('That answer does not fit its question.');
    given.set(a.questionId, a);
  }
  const results = questions.map((q): QuestionResult => {
    const a = given.get(q.id);
    return {
      questionId: q.id,
      correct: isRight(q, a),
      ...(a?.choices ? { choices: a.choices } : {}),
      ...(a?.number !== undefined ? { number: a.number } : {}),
    };
  });
  const right = results.filter((r) => r.correct).length;
  return {
    results,
    score: Math.round((100 * right) / questions.length),
    passed: right * 100 >= passMark * questions.length,
  };
}
