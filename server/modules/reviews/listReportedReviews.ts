import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import {
  finishPage,
  keysetClause,
  matchesAny,
  moderationQueueQuery,
  parseListQuery,
  type Page,
} from '../shared/listQuery.ts';

export interface QueuedReview {
  id: string;
  courseId: string;
  courseTitle: string;
  authorName: string;
  rating: number;
  comment: string;
  reportCount: number;
  hidden: boolean;
  createdAt: string;
}

/** The moderation queue: reviews someone reported, plus any hidden ones (to restore), one keyset page at a time. */
export async function listReportedReviews(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<Page<QueuedReview>> {
  requireAdmin(actor);
  const o = parseListQuery(moderationQueueQuery, input);
  const sortColumn = `review.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'review.id' });
  let query = services.database.db
    .selectFrom('review')
    .innerJoin('course', 'course.id', 'review.courseId')
    .innerJoin('user', 'user.id', 'review.userId')
    .select([
      'review.id',
      'review.courseId',
      'course.title as courseTitle',
      'user.name as authorName',
      'review.rating',
      'review.comment',
      'review.reportCount',
      'review.hidden',
      'review.createdAt',
    ])
    .where((eb) => eb.or([eb('review.reportCount', '>', 0), eb('review.hidden', '=', true)]));
  if (o.status) query = query.where('review.hidden', '=', o.status === 'hidden');
  if (o.q) query = query.where(matchesAny(['review.comment', 'course.title', 'user.name'], o.q));
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy(sortColumn as 'review.createdAt', k.order)
    .orderBy('review.id', k.order)
    .limit(k.limit)
    .execute();
  const items = rows.map((r) => ({
    ...r,
    rating: toNum(r.rating),
    reportCount: toNum(r.reportCount),
    hidden: toBool(r.hidden),
    createdAt: toIso(r.createdAt),
  }));
  return finishPage(items, { ...o, sortColumn, idColumn: 'id' }, (r) => ({ value: r[o.sort], id: r.id }));
}
