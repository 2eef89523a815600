import { useEffect } from 'react';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { NavigationStatus } from './components/NavigationStatus.tsx';
import { TopBar } from './components/TopBar.tsx';
import { HOLD_EARLY_PRESS } from '#common/deferredHydration.ts';
import { replayEarlyPress } from '#app/lib/replayEarlyPress.ts';
import { bootOffline } from './offline/boot.ts';
import { serverContext } from '#app/server/context.server.ts';
import { htmlLang } from '#common/i18n/uiLocale.ts';
import { useT } from './i18n/useT.ts';
import { metaCatalogue } from './i18n/metaCatalogue.server.ts';
import './styles/app.css';

/** Installable (docs/decisions/0023): the manifest, the favicon and the home-screen icons. */
export const links: Route.LinksFunction = () => [
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/icons/logo.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The server's Content-Security-Policy allows inline scripts carrying this render's nonce.
  const nonce = useRouteLoaderData<typeof loader>('root')?.nonce;
  const { locale } = useT();
  return (
    <html lang={htmlLang(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#141414" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, before React is attached */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HOLD_EARLY_PRESS }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The signed-in actor for the top bar of every page (null for visitors), and the page titles' words. */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor, nonce, locale } = serverContext(context);
  return { actor, nonce, meta: await metaCatalogue(locale) };
}

export default function App() {
  useEffect(replayEarlyPress, []);
  useEffect(bootOffline, []);
  return (
    <>
      <Outlet />
      <NavigationStatus />
    </>
  );
}

/** Not-found (the status comes from the thrown 404) or a generic failure; never error details or stacks. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A post that was not a form (readForm.server.ts): the sender's to fix, not "try again".
  const badForm = isRouteErrorResponse(error) && (error.status === 400 || error.status === 415);
  const title = t(notFound ? 'error.notFound.title' : badForm ? 'error.badForm.title' : 'error.failed.title');
  const text = t(notFound ? 'error.notFound.text' : badForm ? 'error.badForm.text' : 'error.failed.text');
  return (
    <>
      <title>{t('meta.pageTitle', { title })}</title>
      <TopBar />
      <main className="page-message">
        <h1>{title}</h1>
        <p>{text}</p>
        <Link className="btn btn-primary" to="/">
          {t('error.backHome')}
        </Link>
      </main>
    </>
  );
}
