import { Link } from 'react-router';
import { listLandingRows } from '../../server/modules/catalog/listLandingRows.ts';
import { CourseRow } from '../components/CourseRow.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { formatKes } from '../lib/format.ts';
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, rows } = loaderData;
  return (
    <>
      <TopBar />
      <main>
        {hero ? (
          <section className="hero">
            <span className="badge">FEATURED</span>
            <h1>{hero.title}</h1>
            <p>{hero.description}</p>
            <p>{hero.creatorName}</p>
            <p className="price">{formatKes(hero.price)}</p>
            <Link className="btn btn-primary" to={`/course/${hero.id}`}>
              View Course
            </Link>
          </section>
        ) : (
          <section className="hero hero-empty">
            <h1>Learn from Africa's best creators</h1>
            <p>Watch a trailer and the first episode free. Pay once with M-Pesa and keep the course for life.</p>
            <div className="hero-actions">
              <Link className="btn btn-primary" to="/register">
                Start Learning Today
              </Link>
              <Link className="btn btn-ghost" to="/login">
                Sign In
              </Link>
            </div>
            <p className="empty">
              No courses available yet. <Link to="/register?role=creator">Become a creator</Link>
            </p>
          </section>
        )}
        {rows.map((row) => (
          <CourseRow key={row.key} row={row} />
        ))}
      </main>
    </>
  );
}
