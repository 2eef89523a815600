import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import type { QuizInput, QuizQuestion } from '#common/studio/quizSchema.ts';
import { readQuizQuestions } from '../learning/quiz/readQuizQuestions.ts';

/**
 * Stores a lesson's quiz with the lesson form (adding and editing alike), or removes it when the lesson is
 * no longer a quiz (`quiz` null). A question sent back with the id it has keeps it (so attempts and
 * analytics still name it); any other question gets a new id.
 */
export async function saveQuizInTx(
  trx: Kysely<DB>,
  { episodeId, quiz }: { episodeId: string; quiz: QuizInput | null },
): Promise<void> {
  const existing = await trx
    .selectFrom('quiz')
    .select('questions')
    .where('episodeId', '=', episodeId)
    .executeTakeFirst();
  if (!quiz) {
    if (existing) await trx.deleteFrom('quiz').where('episodeId', '=', episodeId).execute();
    return;
  }
  const kept = new Set(existing ? readQuizQuestions(existing.questions).map((q) => q.id) : []);
  const seen = new Set<string>();
  const questions: QuizQuestion[] = quiz.questions.map((q) => {
    const id = q.id && kept.has(q.id) && !seen.has(q.id) ? q.id : newId();
    seen.add(id);
    return { ...q, id };
  });
  const row = { passMark: quiz.passMark, maxAttempts: quiz.maxAttempts, questions: JSON.stringify(questions) };
  if (existing) await trx.updateTable('quiz').set(row).where('episodeId', '=', episodeId).execute();
  else
    await trx
      .insertInto('quiz')
      .values({ episodeId, ...row })
      .execute();
}
