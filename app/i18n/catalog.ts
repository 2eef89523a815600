import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { UiLocale } from '#common/i18n/uiLocale.ts';

type Loader = () => Promise<{ messages: Messages }>;

// Each language's compiled catalogue is its own chunk: a page loads only the one it is rendered in
// (decision 0030). The imports are spelled out so the bundler sees every chunk.
const LOADERS: Record<UiLocale, Loader> = {
  en: () => import('../locales/en.po'),
  sw: () => import('../locales/sw.po'),
  pseudo: () => import('../locales/pseudo.po'),
};

/** The parts of the site with catalogues of their own, which a learner's page never downloads. */
export type Area = 'studio' | 'admin';

const AREA_LOADERS: Record<Area, Record<UiLocale, Loader>> = {
  studio: {
    en: () => import('../locales/studio/en.po'),
    sw: () => import('../locales/studio/sw.po'),
    pseudo: () => import('../locales/studio/pseudo.po'),
  },
  admin: {
    en: () => import('../locales/admin/en.po'),
    sw: () => import('../locales/admin/sw.po'),
    pseudo: () => import('../locales/admin/pseudo.po'),
  },
};

/** The area a page belongs to: `/creator…` is the studio, `/admin…` the admin (not `/creators/:id`). */
export function areaOf(pathname: string): Area | undefined {
  if (/^\/creator(\/|$)/.test(pathname)) return 'studio';
  if (/^\/admin(\/|$)/.test(pathname)) return 'admin';
  return undefined;
}

/** An area's compiled messages in one language (its own chunk). */
export async function areaMessages(area: Area, locale: UiLocale): Promise<Messages> {
  return (await AREA_LOADERS[area][locale]()).messages;
}

const loadedAreas = new WeakMap<I18n, Set<Area>>();

/**
 * A Lingui instance for one render (one per request on the server; one per page load in the browser), with
 * the main catalogue plus those of the given areas (the page's own, so it renders without a flash).
 */
export async function createI18n(locale: UiLocale, areas: readonly Area[] = []): Promise<I18n> {
  const [{ messages }, ...more] = await Promise.all([
    LOADERS[locale](),
    ...areas.map((area) => areaMessages(area, locale)),
  ]);
  // An id not in the catalogue is English words from the server or common/ that have no translation yet:
  // shown as they are (catalogues.test.ts makes sure every id the code names itself exists).
  const i18n = setupI18n({
    locale,
    messages: { [locale]: Object.assign({}, messages, ...more) },
    missing: (_locale, id) => id,
  });
  loadedAreas.set(i18n, new Set(areas));
  return i18n;
}

/** Adds an area's messages to an instance that lacks them (a client-side navigation into that area). */
export async function loadArea(i18n: I18n, area: Area): Promise<void> {
  const loaded = loadedAreas.get(i18n) ?? new Set<Area>();
  loadedAreas.set(i18n, loaded);
  if (loaded.has(area)) return;
  i18n.load(i18n.locale, await areaMessages(area, i18n.locale as UiLocale));
  loaded.add(area);
}

const loading = new WeakMap<I18n, Map<Area, Promise<void>>>();

/**
 * Null when the instance has the area's messages (always on the server, and in the browser for the area the
 * page started in); else the one promise of their loading, the same for every call (for React's `use`).
 */
export function areaLoading(i18n: I18n, area: Area): Promise<void> | null {
  if (loadedAreas.get(i18n)?.has(area)) return null;
  const started = loading.get(i18n) ?? new Map<Area, Promise<void>>();
  loading.set(i18n, started);
  let promise = started.get(area);
  if (!promise) {
    promise = loadArea(i18n, area);
    started.set(area, promise);
  }
  return promise;
}
