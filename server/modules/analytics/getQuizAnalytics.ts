import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import type { QuestionResult } from '../learning/quiz/scoreQuiz.ts';
import { readQuizQuestions } from '../learning/quiz/readQuizQuestions.ts';
import { canSeeQuizAnalytics } from '../access/policies.ts';

export interface MissedQuestion {
  episodeId: string;
  lessonTitle: string;
  questionId: string;
  prompt: string;
  /** Learners whose latest attempt at the quiz answered it. */
  learners: number;
  /** Of those, how many got it wrong. */
  missed: number;
  /** missed / learners, 0–100, one decimal. */
  missedPct: number;
}

/**
 * Which quiz questions a course's learners miss (its creator or an admin; others get the 404 of an unknown
 * course): for every question of its quizzes, the share of learners' latest attempts that got it wrong,
 * most-missed first. Only learners (customers) count, not the creator or admins trying the quiz.
 */
export async function getQuizAnalytics(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<{ questions: MissedQuestion[] }> {
  const { db } = services.database;
  if (!actor) throw unauthenticated();
  if (!isId(courseId)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  const course = await db.selectFrom('course').select('creatorId').where('id', '=', courseId).executeTakeFirst();
  if (!course || !canSeeQuizAnalytics(actor, course)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  const quizzes = await db
    .selectFrom('quiz')
    .innerJoin('episode', 'episode.id', 'quiz.episodeId')
    .select(['quiz.episodeId', 'quiz.questions', 'episode.title'])
    .where('episode.courseId', '=', courseId)
    .execute();
  const latest = await db
    .selectFrom('quizAttempt as a')
    .innerJoin('user', 'user.id', 'a.userId')
    .select(['a.episodeId', 'a.results'])
    .where('a.courseId', '=', courseId)
    .where('user.role', '=', 'customer')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('quizAttempt as b')
            .select('b.id')
            .whereRef('b.userId', '=', 'a.userId')
            .whereRef('b.episodeId', '=', 'a.episodeId')
            .where((eb) =>
              eb.or([
                eb('b.createdAt', '>', eb.ref('a.createdAt')),
                eb.and([eb('b.createdAt', '=', eb.ref('a.createdAt')), eb('b.id', '>', eb.ref('a.id'))]),
              ]),
            ),
        ),
      ),
    )
    .execute();
  const tally = new Map<string, { learners: number; missed: number }>();
  for (const row of latest)
    for (const r of JSON.parse(row.results) as QuestionResult[]) {
      const t = tally.get(r.questionId) ?? { learners: 0, missed: 0 };
      t.learners += 1;
      if (!r.correct) t.missed += 1;
      tally.set(r.questionId, t);
    }
  const questions = quizzes.flatMap((quiz) =>
    readQuizQuestions(quiz.questions).map((q) => {
      const { learners, missed } = tally.get(q.id) ?? { learners: 0, missed: 0 };
      const missedPct = learners ? Math.round((1000 * missed) / learners) / 10 : 0;
      return {
        episodeId: quiz.episodeId,
        lessonTitle: quiz.title,
        questionId: q.id,
        prompt: q.prompt,
        learners,
        missed,
        missedPct,
      };
    }),
  );
  return { questions: questions.sort((x, y) => y.missedPct - x.missedPct || y.missed - x.missed) };
}
