import { loadLanding } from '#app/server/catalog.server.ts';
import { CourseRow } from '../components/CourseRow.tsx';
import { EmptyMarketplace } from '../components/EmptyMarketplace.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { listMeta } from '../lib/listMeta.ts';
import { useMyList } from '../lib/myList.ts';
import type { Route } from './+types/home';
import { metaLocale, metaT } from '#app/i18n/metaText.ts';
import { type Translate, useT } from '#app/i18n/useT.ts';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return listMeta({
    title: t('meta.home.title'),
    description: t('meta.home.description'),
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/',
    image: loaderData?.hero?.ogImage ?? null,
    locale: metaLocale(matches),
  });
}

export function loader(args: Route.LoaderArgs) {
  return loadLanding(args);
}

/** A row's title in the page's language: the catalog-wide rows by key, category rows by category. */
function rowTitle(t: Translate, row: { key: string; title: string }): string {
  if (row.key.startsWith('cat-')) return t(`category.${row.key.slice(4)}`);
  return row.key === 'my-list' ? row.title : t(`row.${row.key}`);
}

/** docs/product.md's order: My List comes after the catalog-wide rows and before the category rows. */
const BEFORE_MY_LIST = new Set(['trending', 'popular', 'new']);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, rows } = loaderData;
  const myList = useMyList();
  const { t } = useT();
  const split = rows.filter((r) => BEFORE_MY_LIST.has(r.key)).length;
  const shown = myList.length
    ? [...rows.slice(0, split), { key: 'my-list', title: t('row.my-list'), courses: myList }, ...rows.slice(split)]
    : rows;
  return (
    <>
      <TopBar />
      <main className="home">
        {hero ? <HomeHero hero={hero} /> : <EmptyMarketplace />}
        <div className="rows">
          {shown.map((row) => (
            <CourseRow key={row.key} row={{ ...row, title: rowTitle(t, row) }} />
          ))}
        </div>
      </main>
    </>
  );
}
