import { useT } from '#app/i18n/useT.ts';

/** How many reviews gave 5 down to 1 stars, as bars with their counts. */
export function RatingBars({ distribution }: { distribution: { stars: number; count: number }[] }) {
  const { t } = useT();
  const total = distribution.reduce((n, d) => n + d.count, 0);
  return (
    <ul className="rating-bars" aria-label={t('reviews.byStars')}>
      {distribution.map((d) => (
        <li key={d.stars}>
          <span className="rating-bars-label">
            {d.stars} <span aria-hidden="true">★</span>
            <span className="sr-only">{t('reviews.starsWord', { count: d.stars })}:</span>
          </span>
          <span className="rating-bars-track" aria-hidden="true">
            <span style={{ width: `${total ? Math.round((d.count / total) * 100) : 0}%` }} />
          </span>
          <span className="rating-bars-count">{d.count}</span>
        </li>
      ))}
    </ul>
  );
}
