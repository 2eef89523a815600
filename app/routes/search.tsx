import { loadSearch } from '#app/server/catalog.server.ts';
import { CategorySuggestions } from '../components/CategorySuggestions.tsx';
import { CourseCard } from '../components/CourseCard.tsx';
import { BundleList } from '../components/bundles/BundleList.tsx';
import { SearchFilters } from '../components/SearchFilters.tsx';
import { TopBar } from '../components/TopBar.tsx';
import type { Route } from './+types/search';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function loader(args: Route.LoaderArgs) {
  return loadSearch(args);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    { title: loaderData?.query.q ? t('meta.searchFor', { q: loaderData.query.q }) : t('meta.search') },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results, categories, bundles } = loaderData;
  const { q } = query;
  const filtered = query.category || query.price || query.min !== undefined || query.max !== undefined;
  const { t } = useT();
  return (
    <>
      <TopBar key={q} query={q} />
      <main className="search-page">
        <h1>{q ? t('search.resultsFor', { q }) : t('topbar.search')}</h1>
        <SearchFilters key={JSON.stringify(query)} query={query} />
        {!q && !filtered && !query.rating ? (
          <p className="empty">{t('search.hint')}</p>
        ) : (
          <>
            <p className="search-count" role="status">
              {results.length === 0
                ? q
                  ? t('search.noneFor', { q })
                  : t('search.noneFiltered')
                : t('search.found', { count: results.length })}
            </p>
            <CategorySuggestions categories={categories} />
            <BundleList bundles={bundles} title={t('bundle.creatorTitle')} />
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
