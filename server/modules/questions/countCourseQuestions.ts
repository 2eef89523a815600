import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';

/**
 * How many questions each episode of a course has (visible ones), by episode id: all a visitor sees of the
 * discussion (the course page's "N questions"), never the words. Episodes without questions are absent.
 */
export async function countCourseQuestions(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<Record<string, number>> {
  const rows = await services.database.db
    .selectFrom('question')
    .select((eb) => ['question.episodeId', eb.fn.countAll<number>().as('n')])
    .where('question.courseId', '=', courseId)
    .where('question.hidden', '=', false)
    .groupBy('question.episodeId')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.episodeId, toNum(r.n)]));
}
