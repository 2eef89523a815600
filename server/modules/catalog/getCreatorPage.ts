import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { imageRef, type ImageRef } from '#common/media/urls.ts';
import { publishedCards, toCard, toRating, type CourseCard } from './courseCard.ts';
import { listOgImage, offsetOf, PAGE_SIZE, pageNumber, splitPage, type Paged } from './pageOfCourses.ts';

export interface CreatorPage extends Paged {
  id: string;
  name: string;
  bio: string;
  avatar: ImageRef | null;
  courseCount: number;
  students: number;
  /** Average of all ratings of the creator's published courses; null when none is rated yet. */
  rating: number | null;
  courses: CourseCard[];
  /** JPEG for link previews: the avatar, else a course's thumbnail. */
  ogImage: string | null;
}

const creatorPageInput = z.object({ creatorId: z.string().max(64), page: pageNumber });

/** `/creators/<id>`: a creator's public profile and published courses, newest first, a page at a time. */
export async function getCreatorPage(services: Services, actor: Actor, input: unknown): Promise<CreatorPage> {
  const { creatorId, page } = parseInput(creatorPageInput, input);
  if (!isId(creatorId)) throw notFound('Creator not found.');
  const { db } = services.database;
  const [profile, totals, rows] = await Promise.all([
    db
      .selectFrom('user')
      .innerJoin('creatorProfile', 'creatorProfile.userId', 'user.id')
      .select(['user.id', 'user.name', 'user.status', 'creatorProfile.bio', 'creatorProfile.avatarId'])
      .where('user.id', '=', creatorId)
      .where('user.role', '=', 'creator')
      .executeTakeFirst(),
    db
      .selectFrom('course')
      .select((eb) => [
        eb.fn.countAll<number>().as('courses'),
        eb.fn.sum<number>('enrolledCount').as('students'),
        eb.fn.sum<number>('ratingCount').as('ratings'),
        eb.fn.sum<number>(eb('ratingAvg', '*', eb.ref('ratingCount'))).as('stars'),
      ])
      .where('creatorId', '=', creatorId)
      .where('published', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('course')
      .$call(publishedCards)
      .where('course.creatorId', '=', creatorId)
      .orderBy('course.createdAt', 'desc')
      .orderBy('course.id')
      .limit(PAGE_SIZE + 1)
      .offset(offsetOf(page))
      .execute(),
  ]);
  // A suspended creator's page is gone with them; a creator without published courses has no page yet.
  const courseCount = toNum(totals.courses ?? 0);
  if (profile?.status !== 'active' || courseCount === 0) throw notFound('Creator not found.');
  const ratings = toNum(totals.ratings ?? 0);
  const split = splitPage(rows, page);
  return {
    id: profile.id,
    name: profile.name,
    bio: profile.bio,
    avatar: imageRef(profile.avatarId),
    courseCount,
    students: toNum(totals.students ?? 0),
    rating: ratings > 0 ? toRating(toNum(totals.stars ?? 0) / ratings) : null,
    courses: split.rows.map(toCard),
    ogImage: listOgImage(split.rows, profile.avatarId),
    page,
    hasNext: split.hasNext,
  };
}
