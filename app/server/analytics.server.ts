// A course's analytics for its creator (server only).
export { getCourseAnalytics, type CourseAnalytics } from '#server/modules/analytics/getCourseAnalytics.ts';
