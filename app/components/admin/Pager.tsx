import { Link } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

/** Previous/next links for a keyset page, keeping the search, sort and filters. */
export function Pager({ params, prev, next }: { params: URLSearchParams; prev: string | null; next: string | null }) {
  const { t } = useT();
  const to = (key: 'after' | 'before', cursor: string) => {
    const p = new URLSearchParams(params);
    p.delete('after');
    p.delete('before');
    p.set(key, cursor);
    return `?${p}`;
  };
  if (!prev && !next) return null;
  return (
    <nav className="pager" aria-label={t('admin.pager.label')}>
      {prev ? (
        <Link className="btn btn-ghost btn-small" to={to('before', prev)} rel="prev">
          ← {t('admin.pager.prev')}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="btn btn-ghost btn-small" to={to('after', next)} rel="next">
          {t('admin.pager.next')} →
        </Link>
      ) : null}
    </nav>
  );
}
