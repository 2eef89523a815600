import { CATEGORIES } from '#common/catalog/categories.ts';
import type { SearchQuery } from '#common/catalog/searchQuery.ts';
import { useT } from '#app/i18n/useT.ts';

const SORTS: readonly SearchQuery['sort'][] = ['relevance', 'newest', 'popular', 'price'];

/**
 * The search page's filters and sort: a plain GET form (works without JavaScript), folded on phones so
 * the results come first; open when a filter is in use.
 */
export function SearchFilters({ query }: { query: SearchQuery }) {
  const active = query.category || query.price || query.min !== undefined || query.max !== undefined || query.rating;
  const { t } = useT();
  return (
    <details className="search-filters" open={!!active}>
      <summary>{t('search.filters')}</summary>
      <form method="get" action="/search">
        <input type="hidden" name="q" value={query.q} />
        <label>
          {t('search.category')}
          <select name="category" defaultValue={query.category ?? ''}>
            <option value="">{t('search.allCategories')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.price')}
          <select name="price" defaultValue={query.price ?? ''}>
            <option value="">{t('search.freeAndPaid')}</option>
            <option value="free">{t('price.free')}</option>
            <option value="paid">{t('search.paid')}</option>
          </select>
        </label>
        <label>
          {t('search.fromKes')}
          <input name="min" type="number" inputMode="numeric" min={0} step={1} defaultValue={query.min ?? ''} />
        </label>
        <label>
          {t('search.toKes')}
          <input name="max" type="number" inputMode="numeric" min={0} step={1} defaultValue={query.max ?? ''} />
        </label>
        <label>
          {t('search.rating')}
          <select name="rating" defaultValue={query.rating ?? ''}>
            <option value="">{t('search.anyRating')}</option>
            {[4, 3, 2].map((r) => (
              <option key={r} value={r}>
                {t('search.starsUp', { stars: r })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.sortBy')}
          <select name="sort" defaultValue={query.sort}>
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`search.sort.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          {t('search.show')}
        </button>
      </form>
    </details>
  );
}
