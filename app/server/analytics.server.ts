// A course's analytics page for its creator or an admin (server only).
import { redirect, type RouterContextProvider } from 'react-router';
import { analyticsQuery } from '#common/analytics/analyticsQuery.ts';
import { loginPathFor } from '#app/lib/authRedirect.ts';
import { homePathFor } from '#server/modules/access/policies.ts';
import { getCourseAnalytics } from '#server/modules/analytics/getCourseAnalytics.ts';
import { getQuizAnalytics } from '#server/modules/analytics/getQuizAnalytics.ts';
import { serverContext, throwNotFoundPage } from './context.server.ts';

export type { CourseAnalytics } from '#server/modules/analytics/getCourseAnalytics.ts';
export type { MissedQuestion } from '#server/modules/analytics/getQuizAnalytics.ts';

/**
 * `/creator/course/<id>/analytics?days=…` (with the most-missed quiz questions): a visitor signs in first, a customer goes home; of the others,
 * the course's creator or an admin sees the figures and anyone else the not-found page.
 */
export async function loadCourseAnalytics(args: {
  request: Request;
  params: { courseId?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const { actor, services } = serverContext(args.context);
  const url = new URL(args.request.url);
  if (!actor) throw redirect(loginPathFor(url.pathname + url.search));
  // The course's creator or an admin; the module decides which course is theirs.
  if (actor.role === 'customer') throw redirect(homePathFor(actor.role));
  const q = analyticsQuery.safeParse(Object.fromEntries(url.searchParams));
  const days = q.success ? q.data.days : 30;
  const courseId = args.params.courseId ?? '';
  try {
    const [analytics, quizzes] = await Promise.all([
      getCourseAnalytics(services, actor, { courseId, days }),
      // The questions learners miss most (decision 0059); the same rule of who may see them.
      getQuizAnalytics(services, actor, { courseId }),
    ]);
    return { actor, days, analytics, quizQuestions: quizzes.questions };
  } catch (err) {
    throwNotFoundPage(err);
  }
}
