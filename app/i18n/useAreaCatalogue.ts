import { useLingui } from '@lingui/react';
import { use } from 'react';
import { type Area, areaLoading } from './catalog.ts';

/**
 * For the studio's and the admin's layouts: their own catalogue is there before they render. The server
 * and the first page of a visit have it already (entry.server.tsx, entry.client.tsx); a client-side
 * navigation into the area suspends here while it loads, and React Router's navigation (a transition) keeps
 * the previous page on screen meanwhile — never a flash of ids or English.
 */
export function useAreaCatalogue(area: Area): void {
  const { i18n } = useLingui();
  const loading = areaLoading(i18n, area);
  if (loading) use(loading);
}
