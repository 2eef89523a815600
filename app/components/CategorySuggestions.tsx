import { Link } from 'react-router';
import { categoryPath, type Category } from '#common/catalog/categories.ts';
import { useT } from '#app/i18n/useT.ts';

/** Under a search that found nothing: the nearest categories (decision 0049), each a link to its page. */
export function CategorySuggestions({ categories }: { categories: readonly Category[] }) {
  const { t } = useT();
  if (categories.length === 0) return null;
  return (
    <nav className="category-suggestions" aria-labelledby="category-suggestions-h">
      <h2 id="category-suggestions-h">{t('search.tryCategories')}</h2>
      <ul>
        {categories.map((c) => (
          <li key={c}>
            <Link to={categoryPath(c)}>{t(`category.${c}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
