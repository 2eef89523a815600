import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import { NavigationStatus } from './components/NavigationStatus.tsx';
import { TopBar } from './components/TopBar.tsx';
import { serverContext } from './lib/serverContext.ts';
import './styles/app.css';

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#141414" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The signed-in viewer for the top bar of every page (null for visitors). */
export function loader({ context }: Route.LoaderArgs) {
  return { viewer: serverContext(context).viewer };
}

export default function App() {
  return (
    <>
      <Outlet />
      <NavigationStatus />
    </>
  );
}

/** Not-found (the status comes from the thrown 404) or a generic failure; never error details or stacks. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  return (
    <>
      <title>{`${title} — Darasa`}</title>
      <TopBar />
      <main className="page-message">
        <h1>{title}</h1>
        <p>
          {notFound
            ? 'This course or page does not exist, or is no longer available.'
            : 'Please try again in a moment.'}
        </p>
        <Link className="btn btn-primary" to="/">
          Back to Darasa
        </Link>
      </main>
    </>
  );
}
