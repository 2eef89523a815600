import { loadCreatorPage } from '#app/server/catalog.server.ts';
import { ShareButton } from '../components/ShareButton.tsx';
import { creatorPath } from '#common/catalog/categories.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { PublicPager } from '../components/Pager.tsx';
import { Rating } from '../components/Rating.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { BundleList } from '../components/bundles/BundleList.tsx';
import { listMeta } from '../lib/listMeta.ts';
import type { Route } from './+types/creatorProfile';
import { metaLocale, metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

const DESCRIPTION_MAX = 200;
export function loader(args: Route.LoaderArgs) {
  return loadCreatorPage(args);
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!d) return [{ title: t('meta.notFound') }];
  const about = d.bio ? d.bio.slice(0, DESCRIPTION_MAX) : t('meta.creator.about', { count: d.courseCount });
  return listMeta({
    title: t('meta.pageTitle', { title: d.name }),
    description: about,
    publicUrl: d.publicUrl,
    path: creatorPath(d.id) + (d.page > 1 ? `?page=${d.page}` : ''),
    image: d.ogImage,
    locale: metaLocale(matches),
  });
}

export default function CreatorProfile({ loaderData: d }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <TopBar />
      <main className="search-page list-page">
        <header className="creator-head">
          <div className="creator-avatar" aria-hidden="true">
            {d.avatar ? (
              <img src={d.avatar.src} srcSet={d.avatar.srcSet} sizes="96px" width={96} height={96} alt="" />
            ) : (
              <span>{d.name.slice(0, 1).toUpperCase()}</span>
            )}
          </div>
          <div>
            <h1>{d.name}</h1>
            <p className="creator-facts">
              <Rating value={d.rating} />
              <span>{t('course.students', { count: d.students })}</span>
              <span>{t('creator.courses', { count: d.courseCount })}</span>
            </p>
            <ShareButton
              url={d.publicUrl + creatorPath(d.id)}
              title={d.name}
              text={t('meta.creator.about', { count: d.courseCount })}
            />
          </div>
        </header>
        {d.bio ? <p className="creator-bio">{d.bio}</p> : null}
        <BundleList bundles={d.bundles} title={t('bundle.creatorTitle')} />
        <h2 className="creator-courses-title">{t('creator.coursesTitle')}</h2>
        <div className="grid">
          {d.courses.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </div>
        <PublicPager path={creatorPath(d.id)} page={d.page} hasNext={d.hasNext} />
      </main>
    </>
  );
}
