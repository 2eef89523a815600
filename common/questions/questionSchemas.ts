import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { ANSWER_MAX_CHARS, QUESTION_MAX_CHARS } from '#common/questions/questionLimits.ts';

const id = z.string().regex(ID_PATTERN, 'Unknown id');

const text = (what: 'question' | 'answer', tooLong: string, max: number) =>
  z
    .string({ error: `Please write your ${what}.` })
    .trim()
    .min(1, `Please write your ${what}.`)
    .max(max, tooLong);

const questionText = text(
  'question',
  `A question can be at most ${QUESTION_MAX_CHARS.toLocaleString('en-US')} characters.`,
  QUESTION_MAX_CHARS,
);
const answerText = text(
  'answer',
  `An answer can be at most ${ANSWER_MAX_CHARS.toLocaleString('en-US')} characters.`,
  ANSWER_MAX_CHARS,
);

/** "Ask": under an episode, optionally at a moment of its video (whole seconds). */
export const askInputSchema = z.object({
  episodeId: id,
  body: questionText,
  atSeconds: z
    .number({ error: 'Invalid position' })
    .int('Invalid position')
    .min(0, 'Invalid position')
    .max(24 * 60 * 60, 'Invalid position')
    .nullish(),
});

export const answerInputSchema = z.object({ questionId: id, body: answerText });

/** The vote a person wants (set, not flipped): sending it twice leaves it as it is. */
export const voteInputSchema = z.object({ questionId: id, voted: z.boolean({ error: 'Invalid vote' }) });

/** What a report or a moderation acts on: a question, or one answer of it. */
export const questionItemKind = z.enum(['question', 'answer']);
export type QuestionItemKind = z.infer<typeof questionItemKind>;

/** One question or answer: what is reported, or deleted by its author (a question with its answers and votes). */
export const questionItemSchema = z.object({ kind: questionItemKind, itemId: id });
export const reportInputSchema = questionItemSchema;

/** A new wording of a question or an answer: the same limits as when it was written. */
export const editBodySchemas = {
  question: z.object({ body: questionText }),
  answer: z.object({ body: answerText }),
} satisfies Record<QuestionItemKind, z.ZodType>;

/** Its author rewording a question or an answer. */
export const editItemInputSchema = z.discriminatedUnion('kind', [
  editBodySchemas.question.extend({ kind: z.literal('question'), itemId: id }),
  editBodySchemas.answer.extend({ kind: z.literal('answer'), itemId: id }),
]);

export const questionAction = z.enum(['hide', 'restore']);
export type QuestionAction = z.infer<typeof questionAction>;
