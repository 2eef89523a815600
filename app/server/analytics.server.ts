// A course's analytics page for its creator or an admin (server only).
import { redirect, type RouterContextProvider } from 'react-router';
import { analyticsQuery } from '#common/analytics/analyticsQuery.ts';
import { loginPathFor } from '#app/lib/authRedirect.ts';
import { homePathFor } from '#server/modules/access/policies.ts';
import { getCourseAnalytics } from '#server/modules/analytics/getCourseAnalytics.ts';
import { serverContext, throwNotFoundPage } from './context.server.ts';

export type { CourseAnalytics } from '#server/modules/analytics/getCourseAnalytics.ts';

/**
 * `/creator/course/<id>/analytics?days=…`: a visitor signs in first, a customer goes home; of the others,
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
  try {
    return {
      actor,
      days,
      analytics: await getCourseAnalytics(services, actor, { courseId: args.params.courseId ?? '', days }),
    };
  } catch (err) {
    throwNotFoundPage(err);
  }
}
