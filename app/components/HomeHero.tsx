import { Link } from 'react-router';
import type { Hero } from '#app/server/catalog.server.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import { HeroMedia } from './HeroMedia.tsx';
import { MyListButton } from './MyListButton.tsx';
import { InPlacePlayButton } from './player/InPlacePlayButton.tsx';
import { useInPlacePlayer } from './player/useInPlacePlayer.ts';

/** The landing page's featured course; Play/Pause runs its free first episode right here. */
export function HomeHero({ hero }: { hero: Hero }) {
  const player = useInPlacePlayer();
  const { t, price } = useFormat();
  return (
    <section className="hero" aria-labelledby="hero-title" data-started={player.started || undefined}>
      <HeroMedia
        image={hero.thumbnail}
        video={hero.preview}
        label={t('home.previewLabel', { title: hero.title })}
        player={player}
        {...(hero.preview
          ? { tracking: { courseId: hero.id, episodeId: hero.preview.episodeId, start: 'preview_view' } }
          : {})}
      />
      <div className="hero-text">
        <span className="badge">{t('home.featured')}</span>
        <h1 id="hero-title">{hero.title}</h1>
        <p className="hero-creator">{hero.creatorName}</p>
        <p className="hero-description">{hero.description}</p>
        <p className="price">{price(hero.price)}</p>
        <div className="hero-actions">
          {hero.preview ? <InPlacePlayButton player={player} play={t('hero.play')} pause={t('hero.pause')} /> : null}
          <Link className="btn btn-primary" to={`/course/${hero.id}`}>
            {t('home.viewCourse')}
          </Link>
          <MyListButton course={hero} />
        </div>
      </div>
    </section>
  );
}
