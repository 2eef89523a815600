import { searchCourses } from '../../server/modules/catalog/searchCourses.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { serverContext } from '../lib/serverContext.ts';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = serverContext(context);
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  const results = q.trim() ? await searchCourses(services.database.db, services.database.dialect, q) : [];
  return { q, results };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.q ? `“${loaderData.q}” — Darasa search` : 'Search — Darasa' }];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <>
      <TopBar query={q} />
      <main className="search-page">
        <h1>{q ? `Results for “${q}”` : 'Search courses'}</h1>
        {q && results.length === 0 ? <p>No courses match “{q}”.</p> : null}
        <div className="grid">
          {results.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </div>
      </main>
    </>
  );
}
