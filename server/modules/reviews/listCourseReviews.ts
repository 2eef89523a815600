import { toBool, toIso, toNum } from '#server/db/values.ts';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { canViewCourse } from '../access/policies.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { reviewPageQuery } from '#common/reviews/reviewSchemas.ts';

export const REVIEWS_PAGE_SIZE = 10;

export interface ReviewItem {
  id: string;
  authorName: string;
  /** Author's user id, so the page can leave "Report" off one's own review. */
  authorId: string;
  rating: number;
  comment: string;
  createdAt: string;
  reply: { text: string; at: string } | null;
  /** This actor reported it already (their own reports only: who reported what is never shown to others). */
  reported: boolean;
}

export interface ReviewPage {
  items: ReviewItem[];
  /** Cursor of the next page ("Show more"), null on the last one. */
  next: string | null;
}

/**
 * One page of the visible reviews of a course this actor may see, newest first; `after` continues from a
 * cursor this gave out.
 */
export async function listCourseReviews(
  services: Pick<Services, 'database'>,
  actor: Actor,
  input: unknown,
): Promise<ReviewPage> {
  const { courseId, after } = parseInput(reviewPageQuery, input, 'Invalid review page.');
  const { db } = services.database;
  const course = await db
    .selectFrom('course')
    .select(['creatorId', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !canViewCourse(actor, { creatorId: course.creatorId, published: toBool(course.published) }))
    throw notFound('Course not found.');
  let q = db
    .selectFrom('review')
    .innerJoin('user', 'user.id', 'review.userId')
    .select([
      'review.id',
      'review.userId',
      'user.name',
      'review.rating',
      'review.comment',
      'review.createdAt',
      'review.reply',
      'review.replyAt',
    ])
    // The actor's own report only; a visitor ('', no user's id) has reported nothing.
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('reviewReport')
            .select('reviewReport.reviewId')
            .whereRef('reviewReport.reviewId', '=', 'review.id')
            .where('reviewReport.userId', '=', actor?.userId ?? ''),
        )
        .as('reported'),
    )
    .where('review.courseId', '=', courseId)
    .where('review.hidden', '=', false);
  if (after) {
    const [at, id] = after.split('~') as [string, string];
    const atDate = new Date(at);
    q = q.where((eb) =>
      eb.or([
        eb('review.createdAt', '<', atDate),
        eb.and([eb('review.createdAt', '=', atDate), eb('review.id', '<', id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('review.createdAt', 'desc')
    .orderBy('review.id', 'desc')
    .limit(REVIEWS_PAGE_SIZE + 1)
    .execute();
  const items = rows.slice(0, REVIEWS_PAGE_SIZE).map((r) => ({
    id: r.id,
    authorName: r.name,
    authorId: r.userId,
    rating: toNum(r.rating),
    comment: r.comment,
    createdAt: toIso(r.createdAt),
    reply: r.reply ? { text: r.reply, at: toIso(r.replyAt) } : null,
    reported: toBool(r.reported),
  }));
  const last = items.at(-1);
  return { items, next: rows.length > REVIEWS_PAGE_SIZE && last ? `${last.createdAt}~${last.id}` : null };
}
