import { Link, useRouteLoaderData } from 'react-router';
import type { Viewer } from '../../server/http/appContext.ts';
import { MyListSync } from './auth/MyListSync.tsx';
import { SignOutButton } from './auth/SignOutButton.tsx';

/**
 * The bar on every page: logo, search, and either "Sign In" / "Get Started" or the signed-in user.
 * The viewer comes from the prop, else from the root loader's `viewer` when it provides one.
 */
export function TopBar({ query = '', viewer }: { query?: string; viewer?: Viewer | null }) {
  const rootData = useRouteLoaderData('root') as { viewer?: Viewer | null } | undefined;
  const who = viewer === undefined ? (rootData?.viewer ?? null) : viewer;
  return (
    <header className="topbar">
      <Link to="/" className="logo" aria-label="Darasa home">
        DARASA
      </Link>
      {/* A plain GET form: search works before (or without) JavaScript and lands on a server-rendered page. */}
      <form method="get" action="/search" role="search" className="search">
        <label htmlFor="q" className="sr-only">
          Search courses
        </label>
        <input id="q" name="q" type="search" placeholder="Search courses" defaultValue={query} maxLength={200} />
      </form>
      <nav className="topbar-actions" aria-label="Account">
        {who ? (
          <>
            <Link to={`/${who.role}`} className="btn btn-ghost topbar-user" title="Your dashboard">
              {who.name}
            </Link>
            <SignOutButton />
            <MyListSync userId={who.userId} />
          </>
        ) : (
          <>
            <Link to="/login" className="btn btn-ghost">
              Sign In
            </Link>
            <Link to="/register" className="btn btn-primary">
              Get Started
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
