import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { QUIZ_LIMITS } from '#common/studio/quizSchema.ts';

const id = z.string().regex(ID_PATTERN, 'Unknown id');

/**
 * A learner's quiz attempt, every answer at once. `attemptId` is made on the device (16–64 characters of an
 * id's alphabet), so an attempt made offline and sent twice is counted once. A choice answer names the
 * chosen options by their place (0-based); a number answer is a number; a question left out counts as wrong.
 */
export const quizAttemptInput = z.object({
  attemptId: z.string({ error: 'Unknown id' }).regex(/^[0-9A-Za-z_-]{16,64}$/, 'Unknown id'),
  episodeId: id,
  answers: z
    .array(
      z.object({
        questionId: id,
        choices: z.array(z.number().int().min(0).max(QUIZ_LIMITS.options)).max(QUIZ_LIMITS.options).optional(),
        number: z.number().finite().optional(),
      }),
      { error: 'Send your answers.' },
    )
    .max(QUIZ_LIMITS.questions),
});
export type QuizAttemptInput = z.infer<typeof quizAttemptInput>;
