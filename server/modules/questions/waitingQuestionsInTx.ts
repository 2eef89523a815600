import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/**
 * Questions that wait for a creator's answer: visible questions of others under that creator's courses
 * with no visible answer of the creator. One definition for the studio's notice and the SMS digest.
 */
export function waitingQuestionsInTx(trx: Kysely<DB>, { creatorId }: { creatorId: string }) {
  return trx
    .selectFrom('question')
    .innerJoin('course', 'course.id', 'question.courseId')
    .where('course.creatorId', '=', creatorId)
    .where('question.hidden', '=', false)
    .where('question.userId', '!=', creatorId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('answer')
            .select('answer.id')
            .whereRef('answer.questionId', '=', 'question.id')
            .where('answer.isCreator', '=', true)
            .where('answer.hidden', '=', false),
        ),
      ),
    );
}
