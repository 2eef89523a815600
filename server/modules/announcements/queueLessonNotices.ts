import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { sendLessonNoticeJob } from './sendLessonNoticeJob.ts';

/**
 * New lessons (periodic): each published course with lessons added since its owners were last told (or,
 * never told, since it was published: lessons of the draft do not count) gets one notice job, at most one
 * per LESSON_NOTICE_HOURS. The notice time is written and the job queued in one transaction, and only if no
 * other run wrote it first, so two runs at once queue one notice. Returns how many were queued.
 */
export async function queueLessonNotices(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  const cutoff = new Date(now.getTime() - services.config.LESSON_NOTICE_HOURS * 3600_000);
  const due = await db
    .selectFrom('course')
    .innerJoin('episode', 'episode.courseId', 'course.id')
    .select((eb) => ['course.id', 'course.lastLessonNoticeAt', eb.fn.countAll<number>().as('fresh')])
    .where('course.published', '=', true)
    .where('course.publishedAt', 'is not', null)
    .whereRef('episode.createdAt', '>', 'course.publishedAt')
    .where('episode.createdAt', '<=', now)
    .where((eb) => eb.or([eb('course.lastLessonNoticeAt', 'is', null), eb('course.lastLessonNoticeAt', '<=', cutoff)]))
    .where((eb) =>
      eb.or([
        eb('course.lastLessonNoticeAt', 'is', null),
        eb('episode.createdAt', '>', eb.ref('course.lastLessonNoticeAt')),
      ]),
    )
    .groupBy(['course.id', 'course.lastLessonNoticeAt'])
    .execute();
  let queued = 0;
  for (const { id: courseId, fresh } of due) {
    const claimed = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('course')
        .set({ lastLessonNoticeAt: now })
        .where('id', '=', courseId)
        .where((eb) => eb.or([eb('lastLessonNoticeAt', 'is', null), eb('lastLessonNoticeAt', '<=', cutoff)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await services.jobs.enqueue(trx, sendLessonNoticeJob, { noticeId: newId(), courseId, lessons: toNum(fresh) });
      return true;
    });
    if (claimed) queued++;
  }
  return queued;
}
