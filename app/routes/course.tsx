import { useState } from 'react';
import { Link, data } from 'react-router';
import type { EpisodeSummary } from '../../server/modules/catalog/getCoursePage.ts';
import { getCoursePage } from '../../server/modules/catalog/getCoursePage.ts';
import { isId } from '../../server/lib/ids.ts';
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
  return { course, publicUrl: services.config.publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? courseMeta(loaderData.course, loaderData.publicUrl) : [{ title: 'Page not found — Darasa' }];
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  const [preview, setPreview] = useState<EpisodeSummary | null>(null);
  return (
    <>
      <TopBar />
      <main className="course-page">
        <Link to="/" className="back">
          ← Back
        </Link>
        <CourseHero key={course.id} course={course} />
        <section className="course-episodes" aria-labelledby="episodes-title">
          <h2 id="episodes-title" className="row-title">
            Episodes
          </h2>
          <EpisodeList episodes={course.episodes} onPreview={setPreview} />
        </section>
        {preview ? (
          <PreviewModal episode={preview} purchaseTo={purchasePath(course.id)} onClose={() => setPreview(null)} />
        ) : null}
      </main>
    </>
  );
}
