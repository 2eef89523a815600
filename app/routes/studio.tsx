import { Outlet } from 'react-router';
import { serverContext } from '#app/server/context.server.ts';
import { loadAreaInBrowser } from '../i18n/catalog.ts';
import { areaMetaCatalogue } from '../i18n/metaCatalogue.server.ts';
import type { Route } from './+types/studio';

// The creator studio's pages (/creator…) share this layout for one thing: their own catalogue (decision
// 0030). The server renders them with it (entry.server.tsx); a client-side navigation into the studio loads
// it here, with the pages' data, before they render. Each page guards itself.

/** The studio's page titles in the page's language, for the pages' `meta`. */
export async function loader({ context }: Route.LoaderArgs) {
  return { areaMeta: await areaMetaCatalogue('studio', serverContext(context).locale) };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadAreaInBrowser('studio')]);
  return data;
}

export default function StudioLayout() {
  return <Outlet />;
}
