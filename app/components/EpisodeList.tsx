import type { EpisodeSummary } from '../../server/modules/catalog/getCoursePage.ts';
import { formatDuration } from '../lib/format.ts';

interface Props {
  episodes: readonly EpisodeSummary[];
  onPreview: (episode: EpisodeSummary) => void;
}

/** Numbered episodes: episode 1 is the free preview, the others stay locked for a visitor. */
export function EpisodeList({ episodes, onPreview }: Props) {
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
            <p className="episode-duration">{formatDuration(e.duration)}</p>
          </div>
          {e.order === 1 ? (
            <button type="button" className="btn btn-light episode-action" onClick={() => onPreview(e)}>
              Preview
            </button>
          ) : (
            <span className="episode-action locked">
              <span aria-hidden="true">🔒</span> Locked
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
