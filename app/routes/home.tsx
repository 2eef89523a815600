import { listLandingRows } from '../../server/modules/catalog/listLandingRows.ts';
import { CourseRow } from '../components/CourseRow.tsx';
import { EmptyMarketplace } from '../components/EmptyMarketplace.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { useMyList } from '../lib/myList.ts';
import { serverContext } from '../lib/serverContext.ts';
import type { Route } from './+types/home';

export function meta() {
  return [
    { title: 'Darasa — learn from African creators' },
    { name: 'description', content: 'Video courses from African creators. Pay once with M-Pesa, keep lifetime access.' },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = serverContext(context);
  return listLandingRows(services.database.db);
}

/** PRODUCT.md's order: My List comes after the catalog-wide rows and before the category rows. */
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
