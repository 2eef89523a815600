import { Link } from 'react-router';

/** Previous/next links for a keyset page, keeping the search, sort and filters. */
export function Pager({ params, prev, next }: { params: URLSearchParams; prev: string | null; next: string | null }) {
  const to = (key: 'after' | 'before', cursor: string) => {
    const p = new URLSearchParams(params);
    p.delete('after');
    p.delete('before');
    p.set(key, cursor);
    return `?${p}`;
  };
  if (!prev && !next) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {prev ? (
        <Link className="btn btn-ghost btn-small" to={to('before', prev)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="btn btn-ghost btn-small" to={to('after', next)} rel="next">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
