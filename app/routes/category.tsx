import { listCategoryPage } from '#app/server/catalog.server.ts';
import { serverContext, throwNotFoundPage } from '#app/server/context.server.ts';
import { categoryPath } from '#common/catalog/categories.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { PublicPager } from '../components/Pager.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { listMeta } from '../lib/listMeta.ts';
import type { Route } from './+types/category';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, actor } = serverContext(context);
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  const found = await listCategoryPage(services, actor, { slug: params.slug, page }).catch(throwNotFoundPage);
  return { ...found, publicUrl: services.config.publicUrl };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [{ title: 'Page not found — Darasa' }];
  return listMeta({
    title: `${d.label} courses — Darasa`,
    description: `Video courses in ${d.label} from African creators. Pay once with M-Pesa, keep lifetime access.`,
    publicUrl: d.publicUrl,
    path: categoryPath(d.category) + (d.page > 1 ? `?page=${d.page}` : ''),
    image: d.ogImage,
  });
}

export default function Category({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <TopBar />
      <main className="search-page list-page">
        <h1>{d.label}</h1>
        {d.courses.length === 0 ? (
          <p className="empty">No courses in {d.label} yet.</p>
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
