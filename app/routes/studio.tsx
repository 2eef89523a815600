import { Outlet } from 'react-router';
import { serverContext } from '#app/server/context.server.ts';
import { areaMetaCatalogue } from '../i18n/metaCatalogue.server.ts';
import { useAreaCatalogue } from '../i18n/useAreaCatalogue.ts';
import type { Route } from './+types/studio';

// The creator studio's pages (/creator…) share this layout for one thing: their own catalogue (decision
// 0030). The server renders them with it (entry.server.tsx); a client-side navigation into the studio loads
// it here before they render (useAreaCatalogue). Each page guards itself. No clientLoader: one would make
// every data request name its routes (`?_routes=`), which the pages' strict query parsing refuses.

/** The studio's page titles in the page's language, for the pages' `meta`. */
export async function loader({ context }: Route.LoaderArgs) {
  return { areaMeta: await areaMetaCatalogue('studio', serverContext(context).locale) };
}

export default function StudioLayout() {
  useAreaCatalogue('studio');
  return <Outlet />;
}
