import { listLandingRows } from '#app/server/catalog.server.ts';
import { CourseRow } from '../components/CourseRow.tsx';
import { EmptyMarketplace } from '../components/EmptyMarketplace.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { listMeta } from '../lib/listMeta.ts';
import { useMyList } from '../lib/myList.ts';
import { serverContext } from '#app/server/context.server.ts';
import type { Route } from './+types/home';

export function meta({ loaderData }: Route.MetaArgs) {
  return listMeta({
    title: 'Darasa — learn from African creators',
    description: 'Video courses from African creators. Pay once with M-Pesa, keep lifetime access.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/',
    image: loaderData?.hero?.ogImage ?? null,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = serverContext(context);
  return { ...(await listLandingRows(services)), publicUrl: services.config.publicUrl };
}

/** docs/product.md's order: My List comes after the catalog-wide rows and before the category rows. */
const BEFORE_MY_LIST = new Set(['trending', 'popular', 'new']);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, rows } = loaderData;
  const myList = useMyList();
  const split = rows.filter((r) => BEFORE_MY_LIST.has(r.key)).length;
  const shown = myList.length
    ? [...rows.slice(0, split), { key: 'my-list', title: 'My List', courses: myList }, ...rows.slice(split)]
    : rows;
  return (
    <>
      <TopBar />
      <main className="home">
        {hero ? <HomeHero hero={hero} /> : <EmptyMarketplace />}
        <div className="rows">
          {shown.map((row) => (
            <CourseRow key={row.key} row={row} />
          ))}
        </div>
      </main>
    </>
  );
}
