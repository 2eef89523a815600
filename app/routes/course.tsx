import { useState } from 'react';
import { Link, data } from 'react-router';
import type { EpisodeSummary } from '../../server/modules/catalog/getCoursePage.ts';
import { getCoursePage } from '../../server/modules/catalog/getCoursePage.ts';
import { isId } from '../../server/lib/ids.ts';
import { canManageCourse } from '../../server/modules/access/policies.ts';
import { getPurchaseState } from '../../server/modules/payments/getPurchaseState.ts';
import { PurchaseAction } from '../components/purchase/PurchaseAction.tsx';
import { CourseHero, purchasePath } from '../components/CourseHero.tsx';
import { EpisodeList } from '../components/EpisodeList.tsx';
import { PreviewModal } from '../components/PreviewModal.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { courseMeta } from '../lib/courseMeta.ts';
import { serverContext } from '../lib/serverContext.ts';
import type { Route } from './+types/course';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, viewer } = serverContext(context);
  const course = isId(params.courseId)
    ? await getCoursePage(services.database.db, params.courseId, viewer)
    : null;
  if (!course) throw data(null, { status: 404 });
  // Signed in: whether they own it (Purchased / Play) or may buy it (the M-Pesa modal).
  const purchase = viewer ? await getPurchaseState(services.database.db, viewer, [course.id]) : null;
  const playsAll = !!purchase?.owned.length || canManageCourse(viewer, course);
  return { course, publicUrl: services.config.publicUrl, purchase, playsAll };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? courseMeta(loaderData.course, loaderData.publicUrl) : [{ title: 'Page not found — Darasa' }];
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, purchase, playsAll } = loaderData;
  const [preview, setPreview] = useState<EpisodeSummary | null>(null);
  return (
    <>
      <TopBar />
      <main className="course-page">
        <Link to="/" className="back">
          ← Back
        </Link>
        <CourseHero
          key={course.id}
          course={course}
          purchase={
            purchase ? (
              <PurchaseAction
                course={course}
                owned={purchase.owned.includes(course.id)}
                buyable={purchase.buyable.includes(course.id)}
                phone={purchase.phone}
              />
            ) : undefined
          }
        />
        <section className="course-episodes" aria-labelledby="episodes-title">
          <h2 id="episodes-title" className="row-title">
            Episodes
          </h2>
          <EpisodeList
            episodes={course.episodes}
            onPreview={setPreview}
            {...(playsAll ? { playHref: (order: number) => `/learn/${course.id}/${order}` } : {})}
          />
        </section>
        {preview ? (
          <PreviewModal courseId={course.id} episode={preview} purchaseTo={purchasePath(course.id)} onClose={() => setPreview(null)} />
        ) : null}
      </main>
    </>
  );
}
