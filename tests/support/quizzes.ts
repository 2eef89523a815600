// A quiz lesson's form as the studio sends it, and the answers that get all (or none) of it right.
import type { QuizQuestion } from '#common/studio/quizSchema.ts';

/** Four questions, one of each type; pass mark 75 %, two attempts unless told. */
export function sampleQuiz(over: Record<string, unknown> = {}) {
  return {
    passMark: 75,
    maxAttempts: 2,
    questions: [
      {
        type: 'single',
        prompt: 'Capital of Kenya?',
        explanation: 'Nairobi has been the capital since 1907.',
        options: [
          { text: 'Nairobi', correct: true },
          { text: 'Mombasa', correct: false },
        ],
      },
      {
        type: 'multiple',
        prompt: 'Which are lakes?',
        explanation: 'Victoria and Turkana are lakes.',
        options: [
          { text: 'Victoria', correct: true },
          { text: 'Tana', correct: false },
          { text: 'Turkana', correct: true },
        ],
      },
      {
        type: 'trueFalse',
        prompt: 'Mount Kenya is on the equator.',
        explanation: 'It lies just south of it.',
        options: [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
        ],
      },
      { type: 'number', prompt: 'Half of 7?', explanation: '7 / 2', answer: 3.5, tolerance: 0.1 },
    ],
    ...over,
  };
}

/** Answers to a quiz's stored questions: all right, or (`right: false`) all wrong. */
export function answersTo(questions: QuizQuestion[], right = true) {
  return questions.map((q) =>
    q.type === 'number'
      ? { questionId: q.id, number: right ? q.answer + q.tolerance / 2 : q.answer + q.tolerance + 1 }
      : {
          questionId: q.id,
          choices: q.options.flatMap((o, i) => (o.correct === right ? [i] : [])),
        },
  );
}
