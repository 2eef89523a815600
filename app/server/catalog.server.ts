// The catalogue pages' loaders (server only): the landing, search, category, creator and course pages, each
// read with the request's services and actor.
import { countCourseQuestions } from '#server/modules/questions/countCourseQuestions.ts';
import { data, type RouterContextProvider } from 'react-router';
import { searchQueryFrom } from '#common/catalog/searchQuery.ts';
import { canManageCourse, canReplyToReview, lessonsOpenedByParts } from '#server/modules/access/policies.ts';
import { courseShare } from '#server/modules/enrollments/courseShare.ts';
import { instalmentProgress } from '#common/instalments/instalments.ts';
import { getCoursePage } from '#server/modules/catalog/getCoursePage.ts';
import { getCreatorPage } from '#server/modules/catalog/getCreatorPage.ts';
import { listBundles } from '#server/modules/bundles/listBundles.ts';
import { listCategoryPage } from '#server/modules/catalog/listCategoryPage.ts';
import { type Landing, listLandingRows } from '#server/modules/catalog/listLandingRows.ts';
import type { Services } from '#server/core/services.ts';
import { searchCourses } from '#server/modules/catalog/search/searchCourses.ts';
import { getPurchaseState } from '#server/modules/payments/getPurchaseState.ts';
import { listCourseReviews } from '#server/modules/reviews/listCourseReviews.ts';
import { ratingDistribution } from '#server/modules/reviews/ratingDistribution.ts';
import { serverContext, throwNotFoundPage } from './context.server.ts';
import { courseReferral } from './affiliates.server.ts';

export type { CoursePage, EpisodeSummary } from '#server/modules/catalog/getCoursePage.ts';
export type { Hero } from '#server/modules/catalog/getHero.ts';

type Context = { context: Readonly<RouterContextProvider> };
/** A list page's number, from `?page=` (the operation checks it). */
const pageParam = (request: Request) => new URL(request.url).searchParams.get('page') ?? '1';

/**
 * How long the landing rows are shared before they are read again even without a catalog change: Trending
 * moves with enrollments and views, which change no page (the cached anonymous page keeps its rows until the
 * next catalog change; a signed-in person sees them at most this old).
 */
const LANDING_ROWS_FRESH_MS = 60_000;
const landingRows = new WeakMap<Services, { version: number; at: number; rows: Promise<Landing> }>();

/**
 * `/`: the hero and the rows. They are the same for everyone (My List is added in the browser), so they are
 * read once per catalog version and minute and shared by every render, signed-in ones included, which
 * otherwise read a dozen queries per visit (issue 24).
 */
export async function loadLanding({ context }: Context) {
  const { services } = serverContext(context);
  const version = services.catalogVersion();
  const now = services.clock.now().getTime();
  let kept = landingRows.get(services);
  if (!kept || kept.version !== version || now - kept.at > LANDING_ROWS_FRESH_MS || now < kept.at) {
    const rows = listLandingRows(services, null);
    kept = { version, at: now, rows };
    landingRows.set(services, kept);
    // A failed read is not kept: the next visit reads again.
    rows.catch(() => {
      if (landingRows.get(services)?.rows === rows) landingRows.delete(services);
    });
  }
  return { ...(await kept.rows), publicUrl: services.config.publicUrl };
}

/** `/search?q=…`: the words and filters of the URL, and the courses and bundles found. */
export async function loadSearch({ request, context }: Context & { request: Request }) {
  const { services, actor } = serverContext(context);
  const found = await searchCourses(services, actor, searchQueryFrom(new URL(request.url).searchParams));
  // Bundles whose words match, above the courses (decision 0063).
  return { ...found, bundles: await listBundles(services, actor, { q: found.query.q }) };
}

/** `/category/<slug>`: a page of the category's courses; an unknown category is the not-found page. */
export async function loadCategoryPage({
  params,
  request,
  context,
}: Context & { request: Request; params: { slug?: string } }) {
  const { services, actor } = serverContext(context);
  const input = { slug: params.slug, page: pageParam(request) };
  const found = await listCategoryPage(services, actor, input).catch(throwNotFoundPage);
  return { ...found, publicUrl: services.config.publicUrl };
}

/** `/creators/<id>`: a creator's profile and a page of their courses, or the not-found page. */
export async function loadCreatorPage({
  params,
  request,
  context,
}: Context & { request: Request; params: { creatorId?: string } }) {
  const { services, actor } = serverContext(context);
  const input = { creatorId: params.creatorId, page: pageParam(request) };
  const found = await getCreatorPage(services, actor, input).catch(throwNotFoundPage);
  const bundles = await listBundles(services, actor, { creatorId: found.id });
  return { ...found, bundles, publicUrl: services.config.publicUrl };
}

/**
 * `/course/<id>`: the course as this actor may see it (else 404), what they may do with it (buy, play every
 * episode) and the first page of its reviews.
 */
export async function loadCoursePage({
  request,
  params,
  context,
}: Context & { request: Request; params: { courseId?: string } }) {
  const { services, actor } = serverContext(context);
  const course = await getCoursePage(services, actor, { courseId: params.courseId ?? '' });
  if (!course) throw data(null, { status: 404 });
  // Signed in: whether they own it (Purchased / Play) or may buy it (the M-Pesa modal).
  const purchase = actor ? await getPurchaseState(services, actor, { courseIds: [course.id] }) : null;
  const playsAll = !!purchase?.owned.length || canManageCourse(actor, course);
  // Paying in instalments: the plan's progress, and the lessons its paid parts open (decision 0068).
  const { plan } = await courseShare(services, actor, { courseId: course.id });
  const instalments = plan
    ? { ...instalmentProgress(plan), openThrough: lessonsOpenedByParts(plan, course.episodes.length) }
    : null;
  const [reviewPage, distribution, questionCounts, bundles] = await Promise.all([
    listCourseReviews(services, actor, { courseId: course.id }),
    ratingDistribution(services, actor, { courseId: course.id }),
    countCourseQuestions(services, actor, { courseId: course.id }),
    listBundles(services, actor, { courseId: course.id }),
  ]);
  const reviews = {
    initial: reviewPage,
    distribution,
    viewerId: actor?.userId ?? null,
    canReply: canReplyToReview(actor, course),
  };
  // The affiliate side (decision 0067): a `?ref=` visit or a remembered one sets the visitor's cookie.
  const referral = await courseReferral({ request, context }, course.id);
  return data(
    {
      course,
      publicUrl: services.config.publicUrl,
      purchase,
      playsAll,
      reviews,
      questionCounts,
      bundles,
      instalments,
      referral: referral.view,
    },
    { headers: referral.headers },
  );
}
