import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { imageRef, type ImageRef } from '#common/media/urls.ts';

export interface MyCourse {
  id: string;
  title: string;
  creatorName: string;
  thumbnail: ImageRef | null;
  lessonsCount: number;
  completedCount: number;
  /** 0–100: completed episodes over all episodes. */
  percent: number;
  /** Where "Continue" goes: the episode last watched, or the one after it once that one is completed. */
  continueUrl: string;
  lastWatchedAt: string | null;
  /** Set once every episode is completed: the certificate's verification code. */
  certificateCode: string | null;
}

/** "My Courses": the courses a learner is enrolled in, most recently watched first, with progress. */
export async function listMyCourses(services: Services, actor: Actor): Promise<MyCourse[]> {
  if (!actor) throw unauthenticated();
  const { userId } = actor;
  const { db } = services.database;
  const courses = await db
    .selectFrom('enrollment')
    .innerJoin('course', 'course.id', 'enrollment.courseId')
    .leftJoin('certificate', (j) =>
      j.onRef('certificate.courseId', '=', 'enrollment.courseId').onRef('certificate.userId', '=', 'enrollment.userId'),
    )
    .select([
      'certificate.code as certificateCode',
      'course.id',
      'course.title',
      'course.creatorName',
      'course.thumbnailId',
      'enrollment.createdAt as enrolledAt',
    ])
    .where('enrollment.userId', '=', userId)
    .execute();
  if (!courses.length) return [];
  const ids = courses.map((c) => c.id);
  const [episodes, progress] = await Promise.all([
    db
      .selectFrom('episode')
      .select(['id', 'courseId', 'position'])
      .where('courseId', 'in', ids)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('progress')
      .select(['episodeId', 'courseId', 'completed', 'updatedAt'])
      .where('userId', '=', userId)
      .where('courseId', 'in', ids)
      .execute(),
  ]);
  const list = courses.map((c) => {
    const eps = episodes.filter((e) => e.courseId === c.id).map((e) => ({ id: e.id, order: toNum(e.position) }));
    const mine = progress
      .filter((p) => p.courseId === c.id)
      .map((p) => ({ episodeId: p.episodeId, completed: toBool(p.completed), at: toIso(p.updatedAt) }))
      .sort((a, b) => b.at.localeCompare(a.at));
    const completed = new Set(mine.filter((p) => p.completed).map((p) => p.episodeId));
    const doneCount = eps.filter((e) => completed.has(e.id)).length;
    const lastIndex = mine[0] ? eps.findIndex((e) => e.id === mine[0]!.episodeId) : -1;
    const target =
      lastIndex < 0 ? eps[0] : mine[0]!.completed && eps[lastIndex + 1] ? eps[lastIndex + 1] : eps[lastIndex];
    return {
      id: c.id,
      title: c.title,
      creatorName: c.creatorName,
      thumbnail: imageRef(c.thumbnailId),
      lessonsCount: eps.length,
      completedCount: doneCount,
      percent: eps.length ? Math.round((doneCount / eps.length) * 100) : 0,
      continueUrl: `/learn/${c.id}/${target?.order ?? 1}`,
      lastWatchedAt: mine[0]?.at ?? null,
      certificateCode: c.certificateCode,
      sortKey: mine[0]?.at ?? toIso(c.enrolledAt),
    };
  });
  return list.sort((a, b) => b.sortKey.localeCompare(a.sortKey)).map(({ sortKey: _s, ...c }) => c);
}
