import type { QuizQuestion } from '#common/studio/quizSchema.ts';

/** A quiz row's questions (JSON written by saveQuizInTx, checked by quizInput when it was saved). */
export function readQuizQuestions(json: string): QuizQuestion[] {
  return JSON.parse(json) as QuizQuestion[];
}
