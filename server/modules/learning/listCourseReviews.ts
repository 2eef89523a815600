import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toIso, toNum } from '../../db/values.ts';

export interface CourseReview {
  id: string;
  userId: string;
  name: string;
  rating: number;
  comment: string;
  updatedAt: string;
}

/** The newest reviews of a course, with their authors' names. */
export async function listCourseReviews(db: Kysely<DB>, courseId: string, limit = 20): Promise<CourseReview[]> {
  const rows = await db
    .selectFrom('review')
    .innerJoin('user', 'user.id', 'review.userId')
    .select(['review.id', 'review.userId', 'user.name', 'review.rating', 'review.comment', 'review.updatedAt'])
    .where('review.courseId', '=', courseId)
    .orderBy('review.updatedAt', 'desc')
    .orderBy('review.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, rating: toNum(r.rating), updatedAt: toIso(r.updatedAt) }));
}
