import { searchCourses } from '../../server/modules/catalog/searchCourses.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { serverContext } from '../lib/serverContext.ts';
import type { Route } from './+types/search';

const QUERY_MAX = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = serverContext(context);
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, QUERY_MAX).trim();
  const results = q ? await searchCourses(services.database.db, services.database.dialect, q) : [];
  return { q, results };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.q ? `“${loaderData.q}” — Darasa search` : 'Search — Darasa' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <>
      <TopBar key={q} query={q} />
      <main className="search-page">
        {!q ? (
          <>
            <h1>Search courses</h1>
            <p className="empty">Type a topic, course title, creator or category in the search box above.</p>
          </>
        ) : (
          <>
            <h1>Results for “{q}”</h1>
            <p className="search-count" role="status">
              {results.length === 0
                ? `No courses match “${q}”. Try another word or browse the catalog.`
                : `${results.length} ${results.length === 1 ? 'course' : 'courses'} found`}
            </p>
            <div className="grid">
              {results.map((c) => (
                <CourseCard key={c.id} course={c} />
              ))}
            </div>
          </>
        )}
      </main>
    </>
  );
}
