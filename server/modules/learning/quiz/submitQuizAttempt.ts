import { type Kysely, sql } from 'kysely';
import type { Actor } from '#server/core/actor.ts';
import { conflict } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import type { DB } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { quizAttemptInput } from '#common/learning/quizAttemptSchema.ts';
import { issueCertificateIfComplete } from '../../certificates/issueCertificateIfComplete.ts';
import { storeProgressInTx } from '../storeProgressInTx.ts';
import { type QuizAttemptView, quizAttemptView } from './quizAttemptView.ts';
import { findQuizForActor } from './findQuizForActor.ts';
import { scoreQuiz } from './scoreQuiz.ts';

export const ATTEMPTS_SPENT = 'You have used all your attempts at this quiz.';
const NOT_SAVED = 'Your answers could not be saved. Please try again.';

/**
 * Scores a learner's attempt at a quiz lesson they may take, on the server. The attempt
 * carries the id its device made, so one sent twice (offline, then again; or several at once) is counted
 * once and answered with the same result. Refused: after the attempts are spent (409), answers to questions
 * the quiz does not have (400), anyone who may not open the lesson (404, as for the episode). A pass
 * completes the lesson (the progress path) and may earn the certificate.
 */
export async function submitQuizAttempt(services: Services, actor: Actor, input: unknown): Promise<QuizAttemptView> {
  const { attemptId, episodeId, answers } = parseInput(quizAttemptInput, input);
  const {
    actor: taker,
    courseId,
    passMark,
    maxAttempts,
    questions,
  } = await findQuizForActor(services, actor, {
    episodeId,
  });
  const { db, dialect } = services.database;
  const now = services.clock.now();
  const key = { userId: taker.userId, episodeId };
  // What the transaction stored or found: answered without reading it back (null: a twin request stored it).
  let outcome: { kept: KeptAttempt; used: number } | null = null;
  await db
    .transaction()
    .execute(async (trx) => {
      // One learner's attempts are counted one at a time (PostgreSQL; SQLite serialises writers).
      if (dialect === 'postgres')
        await trx.selectFrom('user').select('id').where('id', '=', taker.userId).forUpdate().execute();
      const resent = await keptAttempt(trx, { ...key, attemptId });
      if (resent) {
        outcome = { kept: resent, used: (await attemptsSoFar(trx, key)).used };
        return;
      }
      const scored = scoreQuiz(questions, answers, passMark);
      const before = await attemptsSoFar(trx, key);
      if (maxAttempts !== null && before.used >= maxAttempts) throw conflict(ATTEMPTS_SPENT);
      await trx
        .insertInto('quizAttempt')
        .values({
          id: attemptId,
          ...key,
          courseId,
          score: scored.score,
          passed: scored.passed,
          results: JSON.stringify(scored.results),
          createdAt: now,
        })
        .execute();
      // The first pass completes the lesson (a later one finds it completed).
      if (scored.passed && !before.passed)
        await storeProgressInTx(trx, {
          ...key,
          courseId,
          incoming: { position: 0, completed: true, recordedAt: now.getTime() },
          now: now.getTime(),
          dialect,
        });
      outcome = {
        kept: { id: attemptId, score: scored.score, passed: scored.passed, results: scored.results },
        used: before.used + 1,
      };
    })
    .catch((err: unknown) => {
      // The same attempt sent twice at once: the other request stored it.
      if (!isUniqueViolation(err)) throw err;
    });
  const { kept, used } = outcome ?? (await storedByTwin(db, { ...key, attemptId }));
  if (kept.passed) await issueCertificateIfComplete(services, actor, { courseId });
  return quizAttemptView({ attempt: kept, questions, attemptsUsed: used, maxAttempts });
}

type KeptAttempt = NonNullable<Awaited<ReturnType<typeof keptAttempt>>>;

/** The attempt a concurrent request with the same id stored, read once that request committed. */
async function storedByTwin(
  db: Kysely<DB>,
  key: { userId: string; episodeId: string; attemptId: string },
): Promise<{ kept: KeptAttempt; used: number }> {
  const kept = await keptAttempt(db, key);
  if (!kept) throw conflict(NOT_SAVED);
  return { kept, used: (await attemptsSoFar(db, key)).used };
}

/** The learner's attempt with this id at this quiz, or null; another's (or another quiz's) id is refused. */
async function keptAttempt(
  db: Kysely<DB>,
  { userId, episodeId, attemptId }: { userId: string; episodeId: string; attemptId: string },
) {
  const row = await db.selectFrom('quizAttempt').selectAll().where('id', '=', attemptId).executeTakeFirst();
  if (!row) return null;
  if (row.userId !== userId || row.episodeId !== episodeId) throw conflict(NOT_SAVED);
  return { id: row.id, score: toNum(row.score), passed: toBool(row.passed), results: JSON.parse(row.results) };
}

/** How many attempts the learner made at this quiz, and whether one passed. */
async function attemptsSoFar(db: Kysely<DB>, { userId, episodeId }: { userId: string; episodeId: string }) {
  const row = await db
    .selectFrom('quizAttempt')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number>`max(case when ${eb.ref('passed')} then 1 else 0 end)`.as('passed'),
    ])
    .where('userId', '=', userId)
    .where('episodeId', '=', episodeId)
    .executeTakeFirstOrThrow();
  return { used: toNum(row.n), passed: toBool(row.passed) };
}
