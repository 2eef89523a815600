import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { canJoinQuestions, canSeeHiddenQuestions } from '../access/policies.ts';
import { isEnrolled } from '../enrollments/isEnrolled.ts';

export interface QuestionForActor {
  question: { id: string; userId: string; courseId: string; episodeId: string; episodeOrder: number };
  course: { creatorId: string };
  enrolled: boolean;
}

/**
 * A question with its course, if this actor may take part in its discussion; null when there is no such
 * question, it is hidden from them, or the course is not theirs (the same answer: a 404, as for the episode).
 */
export async function findQuestionForActor(
  services: Pick<Services, 'database'>,
  actor: Actor,
  { questionId }: { questionId: string },
): Promise<QuestionForActor | null> {
  if (!isId(questionId)) return null;
  const row = await services.database.db
    .selectFrom('question')
    .innerJoin('course', 'course.id', 'question.courseId')
    .innerJoin('episode', 'episode.id', 'question.episodeId')
    .select([
      'question.id',
      'question.userId',
      'question.courseId',
      'question.episodeId',
      'question.hidden',
      'episode.position as episodeOrder',
      'course.creatorId',
    ])
    .where('question.id', '=', questionId)
    .executeTakeFirst();
  if (!row || (toBool(row.hidden) && !canSeeHiddenQuestions(actor))) return null;
  const course = { creatorId: row.creatorId };
  const enrolled = await isEnrolled(services, actor, { courseId: row.courseId });
  if (!canJoinQuestions(actor, course, enrolled)) return null;
  const { id, userId, courseId, episodeId } = row;
  return { question: { id, userId, courseId, episodeId, episodeOrder: toNum(row.episodeOrder) }, course, enrolled };
}
