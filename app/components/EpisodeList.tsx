import type { EpisodeSummary } from '../../server/modules/catalog/getCoursePage.ts';
import { Link } from 'react-router';
import { formatMegabytes, useDataSaver } from '../lib/dataSaver.ts';
import { formatDuration } from '../lib/format.ts';
import { preloadPlayer } from './player/LazyVideoPlayer.tsx';

interface Props {
  episodes: readonly EpisodeSummary[];
  onPreview: (episode: EpisodeSummary) => void;
  /** Set when the viewer may watch every episode (owner, its creator, an admin): each shows "Play". */
  playHref?: (order: number) => string;
}

/** Numbered episodes: episode 1 is the free preview, the others stay locked for a visitor. */
export function EpisodeList({ episodes, onPreview, playHref }: Props) {
  const [dataSaver] = useDataSaver();
  if (episodes.length === 0) return <p className="empty">No episodes available yet</p>;
  return (
    <ol className="episodes">
      {episodes.map((e) => (
        <li key={e.id} className="episode">
          <span className="episode-no" aria-hidden="true">
            {e.order}
          </span>
          <div className="episode-thumb">
            {e.thumbnail ? (
              <img
                src={e.thumbnail.src}
                srcSet={e.thumbnail.srcSet}
                sizes="160px"
                width={320}
                height={180}
                loading="lazy"
                decoding="async"
                alt=""
              />
            ) : null}
          </div>
          <div className="episode-text">
            <h3 className="episode-title">
              <span className="sr-only">Episode {e.order}: </span>
              {e.title}
            </h3>
            <p className="episode-duration">
              {formatDuration(e.duration)}
              {e.sizes ? ` • ${formatMegabytes(dataSaver ? e.sizes.saver : e.sizes.full)}${dataSaver ? ' (data saver)' : ''}` : null}
            </p>
          </div>
          {playHref ? (
            <Link className="btn btn-light episode-action" to={playHref(e.order)}>
              Play
            </Link>
          ) : e.order === 1 ? (
            <button
              type="button"
              className="btn btn-light episode-action"
              onClick={() => onPreview(e)}
              onPointerEnter={preloadPlayer}
              onFocus={preloadPlayer}
            >
              Preview
            </button>
          ) : (
            <span className="episode-action locked">
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M17 9V7A5 5 0 0 0 7 7v2H5v13h14V9h-2zM9 7a3 3 0 0 1 6 0v2H9V7z" />
              </svg>
              Locked
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
