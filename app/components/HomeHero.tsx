import { Link } from 'react-router';
import type { Hero } from '#app/server/catalog.server.ts';
import { formatPrice } from '../lib/format.ts';
import { HeroMedia } from './HeroMedia.tsx';
import { MyListButton } from './MyListButton.tsx';
import { InPlacePlayButton } from './player/InPlacePlayButton.tsx';
import { useInPlacePlayer } from './player/useInPlacePlayer.ts';

/** The landing page's featured course; Play/Pause runs its free first episode right here. */
export function HomeHero({ hero }: { hero: Hero }) {
  const player = useInPlacePlayer();
  return (
    <section className="hero" aria-labelledby="hero-title" data-started={player.started || undefined}>
      <HeroMedia
        image={hero.thumbnail}
        video={hero.preview}
        label={`Preview: ${hero.title}`}
        player={player}
        {...(hero.preview
          ? { tracking: { courseId: hero.id, episodeId: hero.preview.episodeId, start: 'preview_view' } }
          : {})}
      />
      <div className="hero-text">
        <span className="badge">FEATURED</span>
        <h1 id="hero-title">{hero.title}</h1>
        <p className="hero-creator">{hero.creatorName}</p>
        <p className="hero-description">{hero.description}</p>
        <p className="price">{formatPrice(hero.price)}</p>
        <div className="hero-actions">
          {hero.preview ? <InPlacePlayButton player={player} play="Play" pause="Pause" /> : null}
          <Link className="btn btn-primary" to={`/course/${hero.id}`}>
            View Course
          </Link>
          <MyListButton course={hero} />
        </div>
      </div>
    </section>
  );
}
