import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { imageRef, type ImageRef } from '#common/media/urls.ts';

/** A My List entry: what a card needs (the same shape the browser keeps for visitors). */
export interface SavedCourse {
  id: string;
  title: string;
  creatorName: string;
  price: number;
  rating: number | null;
  thumbnail: ImageRef | null;
}

export const MY_LIST_LIMIT = 100;

/** The user's saved, published courses, most recently saved first. */
export async function listMyList(db: Kysely<DB>, userId: string): Promise<SavedCourse[]> {
  const rows = await db
    .selectFrom('myList')
    .innerJoin('course', 'course.id', 'myList.courseId')
    .select([
      'course.id',
      'course.title',
      'course.creatorName',
      'course.price',
      'course.ratingAvg',
      'course.thumbnailId',
    ])
    .where('myList.userId', '=', userId)
    .where('course.published', '=', true)
    .orderBy('myList.createdAt', 'desc')
    .orderBy('course.id')
    .limit(MY_LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    creatorName: r.creatorName,
    price: toNum(r.price),
    rating: r.ratingAvg == null ? null : Math.round(toNum(r.ratingAvg) * 10) / 10,
    thumbnail: imageRef(r.thumbnailId),
  }));
}
