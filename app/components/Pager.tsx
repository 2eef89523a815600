import { Link } from 'react-router';

/** "Previous" / "Next" links between pages of a public list (plain links: crawlable, work without JS). */
export function PublicPager({ path, page, hasNext }: { path: string; page: number; hasNext: boolean }) {
  if (page === 1 && !hasNext) return null;
  const to = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <nav className="public-pager" aria-label="Pages">
      {page > 1 ? (
        <Link className="btn btn-ghost" to={to(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="public-pager-at">Page {page}</span>
      {hasNext ? (
        <Link className="btn btn-ghost" to={to(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
