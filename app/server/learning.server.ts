// The learner's player page (server only), and the type of "My Courses" the customer page shows.
import { getPurchaseState } from '#server/modules/payments/getPurchaseState.ts';
import { data, redirect, type RouterContextProvider } from 'react-router';
import { isId } from '#common/ids.ts';
import { certificateCodeFor } from '#server/modules/certificates/certificateCodeFor.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { getQuiz } from '#server/modules/learning/quiz/getQuiz.ts';
import { listEpisodeQuestions } from '#server/modules/questions/listEpisodeQuestions.ts';
import { requireArea } from './authGuard.server.ts';
import { serverContext } from './context.server.ts';

export type { MyCourse } from '#server/modules/learning/listMyCourses.ts';
export type { NoteView } from '#server/modules/learning/notes/noteView.ts';
export type { LearnerQuiz } from '#server/modules/learning/quiz/getQuiz.ts';
export type { QuizAttemptView } from '#server/modules/learning/quiz/quizAttemptView.ts';
export type { AnswerView, QuestionView } from '#server/modules/questions/listEpisodeQuestions.ts';

/**
 * `/learn/<courseId>/<episodeNo>` for a signed-in learner: the episode with the course around it and their
 * certificate's code once earned, and the episode's questions; a quiz lesson's quiz (in the page itself, so
 * the page the service worker keeps opens the quiz with no connection: decision 0058). Not enrolled (yet): the course page, which offers the preview and the
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
  const { current } = result.page;
  const [certificateCode, questions, quiz] = await Promise.all([
    certificateCodeFor(services, actor, { courseId }),
    listEpisodeQuestions(services, actor, { episodeId: current.id }),
    current.kind === 'quiz' ? getQuiz(services, actor, { episodeId: current.id }) : null,
  ]);
  // Paying in instalments: "Pay next part" fills in the learner's number (decision 0068).
  const phone = result.page.instalments
    ? (await getPurchaseState(services, actor, { courseIds: [courseId] })).phone
    : '';
  return { actor, page: result.page, certificateCode, questions, quiz, phone };
}
