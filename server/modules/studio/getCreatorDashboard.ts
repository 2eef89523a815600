import { toBool, toIso, toNum } from '#server/db/values.ts';
import { forbidden } from '#server/core/errors.ts';
import { imageRef, type ImageRef } from '#common/media/urls.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { creatorSales } from './creatorSales.ts';

export interface DashboardCourse {
  id: string;
  title: string;
  price: number;
  category: string;
  published: boolean;
  /** Some of its media (thumbnail, trailer, episode videos) is still waiting for or in processing. */
  processing: boolean;
  /** Some of its media failed to process. */
  failed: boolean;
  lessonsCount: number;
  /** Learners enrolled in it now (its enrollments): the people the dashboard's "Students" total counts once each. */
  enrolledCount: number;
  thumbnail: ImageRef | null;
  updatedAt: string;
}

export interface CreatorDashboard {
  /** `students`: different learners across the creator's courses (one in two courses counts once). */
  totals: { courses: number; published: number; students: number; revenue: number };
  courses: DashboardCourse[];
}

/** The creator's own courses, newest first, with their totals. */
export async function getCreatorDashboard(services: Services, actor: Actor): Promise<CreatorDashboard> {
  const { db } = services.database;
  if (!actor || (actor.role !== 'creator' && actor.role !== 'admin')) throw forbidden();
  const rows = await db
    .selectFrom('course')
    .select(['id', 'title', 'price', 'category', 'published', 'lessonsCount', 'thumbnailId', 'trailerId', 'updatedAt'])
    .where('creatorId', '=', actor.userId)
    .orderBy('createdAt', 'desc')
    .execute();
  const ids = rows.map((r) => r.id);
  const mediaStates = ids.length
    ? await db
        .selectFrom('mediaAsset')
        .innerJoin('course', (j) =>
          j.on((eb) =>
            eb.or([
              eb('course.thumbnailId', '=', eb.ref('mediaAsset.id')),
              eb('course.trailerId', '=', eb.ref('mediaAsset.id')),
              eb.exists(
                eb
                  .selectFrom('episode')
                  .select('episode.id')
                  .whereRef('episode.courseId', '=', 'course.id')
                  .where((e) =>
                    e.or([
                      e('episode.videoId', '=', e.ref('mediaAsset.id')),
                      e('episode.thumbnailId', '=', e.ref('mediaAsset.id')),
                    ]),
                  ),
              ),
            ]),
          ),
        )
        .select(['course.id as courseId', 'mediaAsset.status'])
        .where('course.id', 'in', ids)
        .where('mediaAsset.status', '!=', 'ready')
        .execute()
    : [];
  const sales = await creatorSales(services, { creatorId: actor.userId });
  const courses = rows.map((r) => {
    const states = mediaStates.filter((m) => m.courseId === r.id).map((m) => m.status);
    return {
      id: r.id,
      title: r.title,
      price: toNum(r.price),
      category: r.category,
      published: toBool(r.published),
      processing: states.some((s) => s === 'uploaded' || s === 'processing'),
      failed: states.includes('failed'),
      lessonsCount: toNum(r.lessonsCount),
      // Not course.enrolledCount: that counter also ranks the public rows and the demo catalogue seeds it
      // with made-up figures, which made a row say "241 students" beside a total of 1.
      enrolledCount: sales.studentsByCourse.get(r.id) ?? 0,
      thumbnail: imageRef(r.thumbnailId),
      updatedAt: toIso(r.updatedAt),
    };
  });
  return {
    totals: {
      courses: courses.length,
      published: courses.filter((c) => c.published).length,
      students: sales.students,
      revenue: sales.revenue,
    },
    courses,
  };
}
