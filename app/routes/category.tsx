import { loadCategoryPage } from '#app/server/catalog.server.ts';
import { categoryPath } from '#common/catalog/categories.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { PublicPager } from '../components/Pager.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { listMeta } from '../lib/listMeta.ts';
import type { Route } from './+types/category';
import { metaLocale, metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function loader(args: Route.LoaderArgs) {
  return loadCategoryPage(args);
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!d) return [{ title: t('meta.notFound') }];
  const label = t(`category.${d.category}`);
  return listMeta({
    title: t('meta.category.title', { label }),
    description: t('meta.category.description', { label }),
    publicUrl: d.publicUrl,
    path: categoryPath(d.category) + (d.page > 1 ? `?page=${d.page}` : ''),
    image: d.ogImage,
    locale: metaLocale(matches),
  });
}

export default function Category({ loaderData: d }: Route.ComponentProps) {
  const { t } = useT();
  const label = t(`category.${d.category}`);
  return (
    <>
      <TopBar />
      <main className="search-page list-page">
        <h1>{label}</h1>
        {d.courses.length === 0 ? (
          <p className="empty">{t('category.empty', { label })}</p>
        ) : (
          <div className="grid">
            {d.courses.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </div>
        )}
        <PublicPager path={categoryPath(d.category)} page={d.page} hasNext={d.hasNext} />
      </main>
    </>
  );
}
