import { Link } from 'react-router';
import { useFormat } from '#app/i18n/useFormat.ts';
import '#app/styles/bundles.css';

export interface BundleItem {
  id: string;
  title: string;
  price: number;
  listTotal: number;
  courseCount: number;
}

/**
 * Bundles that hold a course ("Part of a bundle", on its page) or that a creator sells (their page): each
 * its title, how many courses, its price beside the courses' own and the saving, linked to its page.
 */
export function BundleList({ bundles, title }: { bundles: readonly BundleItem[]; title: string }) {
  const { t, kes } = useFormat();
  if (!bundles.length) return null;
  return (
    <section className="bundle-box" aria-labelledby="bundle-box-title">
      <h2 id="bundle-box-title" className="row-title">
        {title}
      </h2>
      <ul className="bundle-items">
        {bundles.map((b) => (
          <li key={b.id}>
            <Link to={`/bundle/${b.id}`} className="bundle-item">
              <span className="bundle-item-title">{b.title}</span>
              <span className="bundle-item-meta">
                {t('bundle.courses', { count: b.courseCount })} · <strong>{kes(b.price)}</strong>{' '}
                {b.listTotal > b.price ? <s>{kes(b.listTotal)}</s> : null}
              </span>
              {b.listTotal > b.price ? (
                <span className="bundle-saving">{t('bundle.save', { amount: kes(b.listTotal - b.price) })}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
