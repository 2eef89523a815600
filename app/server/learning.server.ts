// The learner's player page (server only), and the type of "My Courses" the customer page shows.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { isId } from '#common/ids.ts';
import { certificateCodeFor } from '#server/modules/certificates/certificateCodeFor.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { listEpisodeQuestions } from '#server/modules/questions/listEpisodeQuestions.ts';
import { requireArea } from './authGuard.server.ts';
import { serverContext } from './context.server.ts';

export type { MyCourse } from '#server/modules/learning/listMyCourses.ts';
export type { NoteView } from '#server/modules/learning/notes/noteView.ts';
export type { AnswerView, QuestionView } from '#server/modules/questions/listEpisodeQuestions.ts';

/**
 * `/learn/<courseId>/<episodeNo>` for a signed-in learner: the episode with the course around it and their
 * certificate's code once earned, and the episode's questions. Not enrolled (yet): the course page, which offers the preview and the
 * purchase.
 */
export async function loadLearnPage(args: {
  request: Request;
  params: { courseId?: string; episodeNo?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const actor = requireArea(args, 'learn');
  const { courseId, episodeNo } = args.params;
  const order = Number(episodeNo);
  if (!isId(courseId) || !Number.isInteger(order) || order < 1 || order > 10_000) throw data(null, { status: 404 });
  const { services } = serverContext(args.context);
  const result = await getLearnPage(services, actor, { courseId, order });
  if (result.status === 'not-found') throw data(null, { status: 404 });
  if (result.status === 'no-access') throw redirect(`/course/${courseId}`);
  const [certificateCode, questions] = await Promise.all([
    certificateCodeFor(services, actor, { courseId }),
    listEpisodeQuestions(services, actor, { episodeId: result.page.current.id }),
  ]);
  return { actor, page: result.page, certificateCode, questions };
}
