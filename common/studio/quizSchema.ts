import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';

/** A quiz lesson's bounds (issue 26, decision 0057). */
export const QUIZ_LIMITS = {
  questions: 50,
  options: 10,
  prompt: 1000,
  option: 300,
  explanation: 2000,
  maxAttempts: 10,
} as const;

/** The refusals of a quiz form, word for word (server messages: app/locales/*.po). */
export const QUIZ_MESSAGES = {
  quizRequired: 'Please add the quiz’s questions',
  tooManyQuestions: 'A quiz can have at most 50 questions.',
  passMark: 'The pass mark must be a whole percent from 1 to 100.',
  attempts: 'Attempts must be from 1 to 10, or unlimited.',
  prompt: 'Please write each question (at most 1,000 characters).',
  option: 'Please write each option (at most 300 characters).',
  explanation: 'An explanation can be at most 2,000 characters.',
  fewOptions: 'A choice question needs at least 2 options.',
  manyOptions: 'A question can have at most 10 options.',
  noCorrect: 'Mark the correct answer of each choice question.',
  oneCorrect: 'A single-choice or true/false question has exactly one correct answer.',
  trueFalse: 'A true/false question has exactly 2 options.',
  number: 'A number question needs its answer, and a tolerance of 0 or more.',
  questionType: 'Unknown question type',
} as const;

export const CHOICE_TYPES = ['single', 'multiple', 'trueFalse'] as const;
export const QUESTION_TYPES = [...CHOICE_TYPES, 'number'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const m = QUIZ_MESSAGES;
const prompt = z.string({ error: m.prompt }).trim().min(1, m.prompt).max(QUIZ_LIMITS.prompt, m.prompt);
const explanation = z.string({ error: m.explanation }).trim().max(QUIZ_LIMITS.explanation, m.explanation).default('');
/** A question keeps its id across edits when the form sends it back (new ones get one on save). */
const questionId = z.string().regex(ID_PATTERN, 'Unknown id').optional();
const finite = z.number({ error: m.number }).finite(m.number);

const choiceQuestion = z.object({
  id: questionId,
  type: z.enum(CHOICE_TYPES),
  prompt,
  explanation,
  options: z
    .array(
      z.object({
        text: z.string({ error: m.option }).trim().min(1, m.option).max(QUIZ_LIMITS.option, m.option),
        correct: z.boolean({ error: m.noCorrect }).default(false),
      }),
      { error: m.fewOptions },
    )
    .min(2, m.fewOptions)
    .max(QUIZ_LIMITS.options, m.manyOptions),
});

const numberQuestion = z.object({
  id: questionId,
  type: z.literal('number'),
  prompt,
  explanation,
  answer: finite,
  tolerance: finite.min(0, m.number).default(0),
});

const question = z
  .discriminatedUnion('type', [choiceQuestion, numberQuestion], { error: m.questionType })
  .superRefine((q, ctx) => {
    if (q.type === 'number') return;
    const correct = q.options.filter((o) => o.correct).length;
    if (q.type === 'trueFalse' && q.options.length !== 2) ctx.addIssue({ code: 'custom', message: m.trueFalse });
    if (!correct) ctx.addIssue({ code: 'custom', path: ['options'], message: m.noCorrect });
    else if (q.type !== 'multiple' && correct > 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: m.oneCorrect });
  });

/** A quiz lesson's content, sent with the lesson form as `quiz`. */
export const quizInput = z.object(
  {
    passMark: z.number({ error: m.passMark }).int(m.passMark).min(1, m.passMark).max(100, m.passMark),
    /** null: unlimited. */
    maxAttempts: z
      .number({ error: m.attempts })
      .int(m.attempts)
      .min(1, m.attempts)
      .max(QUIZ_LIMITS.maxAttempts, m.attempts)
      .nullable(),
    questions: z
      .array(question, { error: m.quizRequired })
      .min(1, m.quizRequired)
      .max(QUIZ_LIMITS.questions, m.tooManyQuestions),
  },
  { error: m.quizRequired },
);

export type QuizInput = z.infer<typeof quizInput>;
export type QuizQuestionInput = QuizInput['questions'][number];
/** A question as stored: always with its id. */
export type QuizQuestion = QuizQuestionInput & { id: string };
