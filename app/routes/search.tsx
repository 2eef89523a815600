import { searchCourses } from '#app/server/catalog.server.ts';
import { searchQueryFrom } from '#common/catalog/searchQuery.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { SearchFilters } from '../components/SearchFilters.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { serverContext } from '#app/server/context.server.ts';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, actor } = serverContext(context);
  return searchCourses(services, actor, searchQueryFrom(new URL(request.url).searchParams));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.query.q ? `“${loaderData.query.q}” — Darasa search` : 'Search — Darasa' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  const { q } = query;
  const filtered = query.category || query.price || query.min !== undefined || query.max !== undefined;
  return (
    <>
      <TopBar key={q} query={q} />
      <main className="search-page">
        <h1>{q ? `Results for “${q}”` : 'Search courses'}</h1>
        <SearchFilters key={JSON.stringify(query)} query={query} />
        {!q && !filtered && !query.rating ? (
          <p className="empty">Type a topic, course title, creator or category in the search box above.</p>
        ) : (
          <>
            <p className="search-count" role="status">
              {results.length === 0
                ? q
                  ? `No courses match “${q}”. Try another word or browse the catalog.`
                  : 'No courses match these filters.'
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
