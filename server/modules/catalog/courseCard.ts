import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toIso, toNum } from '#server/db/values.ts';
import { imageRef, type ImageRef } from '#common/media/urls.ts';

/** What a course card and the rows need; kept small because the landing page sends up to ~90 of them. */
export interface CourseCard {
  id: string;
  title: string;
  creatorName: string;
  price: number;
  category: string;
  rating: number | null;
  ratingCount: number;
  enrolledCount: number;
  lessonsCount: number;
  thumbnail: ImageRef | null;
  createdAt: string;
}

export const cardColumns = [
  'course.id',
  'course.title',
  'course.creatorName',
  'course.price',
  'course.category',
  'course.ratingAvg',
  'course.ratingCount',
  'course.enrolledCount',
  'course.lessonsCount',
  'course.thumbnailId',
  'course.createdAt',
] as const;

export type CardRow = {
  id: string;
  title: string;
  creatorName: string;
  price: number;
  category: string;
  ratingAvg: number | null;
  ratingCount: number;
  enrolledCount: number;
  lessonsCount: number;
  thumbnailId: string | null;
  createdAt: Date | string;
};

export function toCard(r: CardRow): CourseCard {
  return {
    id: r.id,
    title: r.title,
    creatorName: r.creatorName,
    price: toNum(r.price),
    category: r.category,
    rating: toRating(r.ratingAvg),
    ratingCount: toNum(r.ratingCount),
    enrolledCount: toNum(r.enrolledCount),
    lessonsCount: toNum(r.lessonsCount),
    thumbnail: imageRef(r.thumbnailId),
    createdAt: toIso(r.createdAt),
  };
}

/** The shown rating: the average to one decimal, or null ("New") when nobody has rated the course. */
export function toRating(avg: number | null): number | null {
  return avg == null ? null : Math.round(toNum(avg) * 10) / 10;
}

/** Published courses as cards, the base of every public list: `db.selectFrom('course').$call(publishedCards)`. */
export function publishedCards<O>(courses: SelectQueryBuilder<DB, 'course', O>) {
  return courses.select(cardColumns).where('course.published', '=', true);
}
