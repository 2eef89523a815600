// Reviews on the course page and the admin moderation queue (server only).
export type { ReviewPage } from '#server/modules/reviews/listCourseReviews.ts';
export { listReportedReviews } from '#server/modules/reviews/listReportedReviews.ts';
export { moderateReview } from '#server/modules/reviews/moderateReview.ts';
