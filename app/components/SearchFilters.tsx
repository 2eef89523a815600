import { CATEGORIES, categoryLabel } from '#common/catalog/categories.ts';
import type { SearchQuery } from '#common/catalog/searchQuery.ts';

const SORT_LABELS: Record<SearchQuery['sort'], string> = {
  relevance: 'Best match',
  newest: 'Newest',
  popular: 'Most popular',
  price: 'Lowest price',
};

/**
 * The search page's filters and sort: a plain GET form (works without JavaScript), folded on phones so
 * the results come first; open when a filter is in use.
 */
export function SearchFilters({ query }: { query: SearchQuery }) {
  const active = query.category || query.price || query.min !== undefined || query.max !== undefined || query.rating;
  return (
    <details className="search-filters" open={!!active}>
      <summary>Filters and sort</summary>
      <form method="get" action="/search">
        <input type="hidden" name="q" value={query.q} />
        <label>
          Category
          <select name="category" defaultValue={query.category ?? ''}>
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Price
          <select name="price" defaultValue={query.price ?? ''}>
            <option value="">Free and paid</option>
            <option value="free">Free</option>
            <option value="paid">Paid</option>
          </select>
        </label>
        <label>
          From KES
          <input name="min" type="number" inputMode="numeric" min={0} step={1} defaultValue={query.min ?? ''} />
        </label>
        <label>
          To KES
          <input name="max" type="number" inputMode="numeric" min={0} step={1} defaultValue={query.max ?? ''} />
        </label>
        <label>
          Rating
          <select name="rating" defaultValue={query.rating ?? ''}>
            <option value="">Any rating</option>
            {[4, 3, 2].map((r) => (
              <option key={r} value={r}>
                {r} stars and up
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort by
          <select name="sort" defaultValue={query.sort}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          Show courses
        </button>
      </form>
    </details>
  );
}
