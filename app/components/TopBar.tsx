import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { SessionUser } from '#app/server/context.server.ts';
import { MyListSync } from './auth/MyListSync.tsx';
import { SignOutButton } from './auth/SignOutButton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { TopBarIcon } from './TopBarIcon.tsx';
import { useT } from '#app/i18n/useT.ts';

/** The first letter of a name (a whole character, even outside the BMP), for the phone's avatar. */
function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

// Suggestions while typing: their code loads on the first focus of the box, not with the page.
const SearchSuggest = lazy(() => import('./search/SearchSuggest.tsx'));

/**
 * The bar on every page: logo, search, and either "Sign In" / "Get Started" or the signed-in user.
 * The actor comes from the prop, else from the root loader's `actor` when it provides one.
 */
export function TopBar({ query = '', actor }: { query?: string; actor?: SessionUser | null }) {
  const rootData = useRouteLoaderData('root') as { actor?: SessionUser | null } | undefined;
  const who = actor === undefined ? (rootData?.actor ?? null) : actor;
  const { t } = useT();
  const [searchBox, setSearchBox] = useState<HTMLInputElement | null>(null);
  const boxRef = useRef<HTMLInputElement>(null);
  // A visitor who focused the box before React took over the page (it starts once the page is read) got
  // no onFocus: start the suggestions for what is already typed.
  useEffect(() => {
    if (boxRef.current && document.activeElement === boxRef.current) setSearchBox(boxRef.current);
  }, []);
  return (
    <header className="topbar">
      <Link to="/" className="logo" aria-label={t('topbar.home')}>
        DARASA
      </Link>
      {/* A plain GET form: search works before (or without) JavaScript and lands on a server-rendered page. */}
      <search className="search">
        <form method="get" action="/search">
          <label htmlFor="q" className="sr-only">
            {t('topbar.search')}
          </label>
          <input
            ref={boxRef}
            id="q"
            name="q"
            type="search"
            placeholder={t('topbar.search')}
            defaultValue={query}
            maxLength={200}
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded="false"
            onFocus={(e) => setSearchBox(e.currentTarget)}
          />
          {searchBox ? (
            <Suspense fallback={null}>
              <SearchSuggest input={searchBox} />
            </Suspense>
          ) : null}
        </form>
      </search>
      <nav className="topbar-actions" aria-label={t('topbar.accountNav')}>
        {who ? (
          <>
            {/* On phones the name shows as its initial, Account and Sign Out as icons (their words stay
                their accessible names), so the bar keeps to one line in every language (topbar.css). */}
            <Link to={`/${who.role}`} className="btn btn-ghost topbar-user" title={t('topbar.dashboard')}>
              <span className="topbar-label">{who.name}</span>
              <span className="topbar-initial" aria-hidden="true">
                {initialOf(who.name)}
              </span>
            </Link>
            <Link to="/account" className="btn btn-ghost topbar-icon" title={t('topbar.accountTitle')}>
              <TopBarIcon name="account" />
              <span className="topbar-label">{t('topbar.account')}</span>
            </Link>
            <SignOutButton />
            <MyListSync key={who.userId} />
          </>
        ) : (
          <>
            <Link to="/login" className="btn btn-ghost">
              {t('topbar.signIn')}
            </Link>
            <Link to="/register" className="btn btn-primary">
              {t('topbar.getStarted')}
            </Link>
          </>
        )}
        <LanguageSwitch />
      </nav>
    </header>
  );
}
