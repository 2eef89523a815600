// Reviews on the course page and the admin moderation queue (server only).
export {
  listCourseReviews,
  ratingDistribution,
  type ReviewItem,
  type ReviewPage,
} from '#server/modules/reviews/listCourseReviews.ts';
export { listReportedReviews } from '#server/modules/reviews/listReportedReviews.ts';
export { moderateReview } from '#server/modules/reviews/moderateReview.ts';
export { canReplyToReview } from '#server/modules/access/policies.ts';
