import { useState } from 'react';
import { Link } from 'react-router';
import { type EpisodeSummary, loadCoursePage } from '#app/server/catalog.server.ts';
import { PurchaseAction } from '../components/purchase/PurchaseAction.tsx';
import { InstalmentPanel } from '../components/purchase/InstalmentPanel.tsx';
import { CourseHero, NotForSale, purchasePath } from '../components/CourseHero.tsx';
import { CourseFactLists } from '../components/CourseFactLists.tsx';
import { EpisodeList } from '../components/EpisodeList.tsx';
import { DownloadAllButton } from '../components/offline/DownloadButton.tsx';
import { PreviewModal } from '../components/PreviewModal.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { courseMeta } from '../lib/courseMeta.ts';
import { CourseReviews } from '../components/reviews/CourseReviews.tsx';
import { BundleList } from '../components/bundles/BundleList.tsx';
import { EarnBySharing } from '../components/affiliates/EarnBySharing.tsx';
import { getReferralLink } from '#app/server/affiliates.server.ts';
import { operationRunner } from '#app/server/operationRunner.server.ts';
import { refusalData } from '#app/server/pageRefusals.server.ts';
import { readForm } from '#app/server/readForm.server.ts';
import type { Route } from './+types/course';
import { metaLocale, metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function loader(args: Route.LoaderArgs) {
  return loadCoursePage(args);
}

/** "Get my link" (decision 0067): the person's referral code is made once; the page then shows the link. */
export async function action(args: Route.ActionArgs) {
  await readForm(args.request);
  try {
    await operationRunner(args.context)(getReferralLink, { courseId: args.params.courseId });
    return { message: undefined };
  } catch (err) {
    return refusalData(err, (e) => ({ message: e.message }));
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return loaderData
    ? courseMeta(loaderData.course, loaderData.publicUrl, t, metaLocale(matches))
    : [{ title: t('meta.notFound') }];
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, publicUrl, purchase, playsAll, reviews, questionCounts, bundles, referral, instalments } = loaderData;
  const [preview, setPreview] = useState<EpisodeSummary | null>(null);
  const { t } = useT();
  // Downloads are for learners who own the course (the server checks the same rule as playback).
  const owned = !!purchase?.owned.includes(course.id);
  // Videos are downloaded; a text lesson is kept for offline reading by the pages it was read on.
  const videos = course.episodes.filter(
    (e) => e.kind !== 'text' && (!instalments || e.order === 1 || e.order <= instalments.openThrough),
  );
  return (
    <>
      <TopBar />
      <main className="course-page">
        <Link to="/" className="back">
          {t('course.back')}
        </Link>
        <CourseHero
          key={course.id}
          course={course}
          publicUrl={publicUrl}
          {...(referral.offer?.url ? { shareUrl: referral.offer.url } : {})}
          purchase={
            purchase ? (
              <>
                <PurchaseAction
                  course={course}
                  owned={owned}
                  buyable={purchase.buyable.includes(course.id)}
                  giftable={purchase.giftable.includes(course.id)}
                  phone={purchase.phone}
                  referredBy={referral.referredBy}
                />
                {!owned && !course.forSale ? <NotForSale /> : null}
                {instalments ? <InstalmentPanel course={course} progress={instalments} phone={purchase.phone} /> : null}
              </>
            ) : undefined
          }
        />
        {referral.offer ? <EarnBySharing offer={referral.offer} /> : null}
        <CourseFactLists outcomes={course.outcomes} requirements={course.requirements} />
        <BundleList bundles={bundles} title={t('bundle.partOf')} />
        <section className="course-episodes" aria-labelledby="episodes-title">
          <h2 id="episodes-title" className="row-title">
            {t('course.episodesTitle')}
          </h2>
          {owned && videos.length > 1 ? (
            <div className="course-downloads">
              <DownloadAllButton episodes={videos} />
            </div>
          ) : null}
          <EpisodeList
            episodes={course.episodes}
            sections={course.sections}
            questionCounts={questionCounts}
            onPreview={setPreview}
            downloadable={owned}
            {...(instalments ? { openThrough: instalments.openThrough } : {})}
            {...(playsAll ? { playHref: (order: number) => `/learn/${course.id}/${order}` } : {})}
          />
        </section>
        <CourseReviews
          key={`reviews-${course.id}`}
          courseId={course.id}
          creatorName={course.creatorName}
          rating={course.rating}
          ratingCount={course.ratingCount}
          {...reviews}
        />
        {preview ? (
          <PreviewModal
            courseId={course.id}
            price={course.price}
            episode={preview}
            purchaseTo={purchasePath(course.id)}
            onClose={() => setPreview(null)}
          />
        ) : null}
      </main>
    </>
  );
}
