// The creator studio's pages (server only): what their loaders read, from the request's services and actor.
// Edits go through the studio API (server/http/studioRoutes.ts).
import type { RouterContextProvider } from 'react-router';
import { getCourseForEditor } from '#server/modules/studio/getCourseForEditor.ts';
import { getCreatorDashboard } from '#server/modules/studio/getCreatorDashboard.ts';
import { getCreatorProfile } from '#server/modules/studio/getCreatorProfile.ts';
import { countUnansweredQuestions } from '#server/modules/questions/countUnansweredQuestions.ts';
import { serverContext } from './context.server.ts';

export type { DashboardCourse } from '#server/modules/studio/getCreatorDashboard.ts';
export type { Unanswered } from '#server/modules/questions/countUnansweredQuestions.ts';
export type { EditorCourse, EditorEpisode } from '#server/modules/studio/getCourseForEditor.ts';
export type { AssetView } from '#server/modules/studio/assetView.ts';
export type { EditorProfile } from '#server/modules/studio/getCreatorProfile.ts';

type PageArgs = { context: Readonly<RouterContextProvider> };

/** The dashboard: the creator's courses with their totals and unanswered questions, and the profile form. */
export async function loadCreatorDashboard({ context }: PageArgs) {
  const { services, actor } = serverContext(context);
  const [dashboard, profile, unanswered] = await Promise.all([
    getCreatorDashboard(services, actor),
    getCreatorProfile(services, actor),
    countUnansweredQuestions(services, actor),
  ]);
  return { dashboard, profile, unanswered };
}

/** The course editor's course (someone else's, or none, is a not-found error). */
export function loadCourseForEditor({ context, params }: PageArgs & { params: { courseId: string } }) {
  const { services, actor } = serverContext(context);
  return getCourseForEditor(services, actor, { courseId: params.courseId });
}
