import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
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

/** The actor's saved, published courses, most recently saved first. */
export async function listMyList(services: Services, actor: Actor): Promise<SavedCourse[]> {
  if (!actor) throw unauthenticated();
  const rows = await services.database.db
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
    .where('myList.userId', '=', actor.userId)
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
