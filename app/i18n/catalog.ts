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

// Which areas an instance has, and their loading, are kept on the instance itself: `useLingui()` hands out
// a new Proxy of it whenever its messages change, so a WeakMap keyed by what it returns would forget them.
const AREAS = Symbol('darasa.areas');
const LOADING = Symbol('darasa.areaLoading');
type WithAreas = I18n & { [AREAS]?: Set<Area>; [LOADING]?: Map<Area, Promise<void>> };
const loadedAreas = (i18n: I18n): Set<Area> => {
  const self = i18n as WithAreas;
  self[AREAS] ??= new Set<Area>();
  return self[AREAS];
};

/** A language's main catalogue with those of the given areas, merged once per combination and never changed. */
const merged = new Map<string, Promise<Readonly<Messages>>>();

/** The compiled messages of a language and areas (read-only: shared by every render that asks for them). */
export function catalogueMessages(locale: UiLocale, areas: readonly Area[] = []): Promise<Readonly<Messages>> {
  const key = `${locale}:${areas.join(',')}`;
  let messages = merged.get(key);
  if (!messages) {
    messages = Promise.all([LOADERS[locale](), ...areas.map((area) => areaMessages(area, locale))]).then(
      ([main, ...more]) => Object.freeze(Object.assign({}, main.messages, ...more)),
    );
    // A failed load (a chunk the browser could not fetch) is forgotten, so the next call tries again.
    messages.catch(() => merged.delete(key));
    merged.set(key, messages);
  }
  return messages;
}

/**
 * A Lingui instance for one render (one per request on the server; one per page load in the browser), with
 * the main catalogue plus those of the given areas (the page's own, so it renders without a flash).
 * The merged catalogue is shared, not copied per render (a copy per request was a tenth of a signed-in
 * page's time: issue 24); it is frozen, and `loadArea` gives the instance a new merged object instead of
 * adding to it.
 */
export async function createI18n(locale: UiLocale, areas: readonly Area[] = []): Promise<I18n> {
  const shared = await catalogueMessages(locale, areas);
  // An id not in the catalogue is English words from the server or common/ that have no translation yet:
  // shown as they are (catalogues.test.ts makes sure every id the code names itself exists).
  const i18n = setupI18n({
    locale,
    messages: { [locale]: shared as Messages },
    missing: (_locale, id) => id,
  });
  for (const area of areas) loadedAreas(i18n).add(area);
  return i18n;
}

/** Adds an area's messages to an instance that lacks them (a client-side navigation into that area). */
export async function loadArea(i18n: I18n, area: Area): Promise<void> {
  const loaded = loadedAreas(i18n);
  if (loaded.has(area)) return;
  const more = await areaMessages(area, i18n.locale as UiLocale);
  // A new object: the instance's messages may be the shared, frozen catalogue (createI18n).
  i18n.loadAndActivate({ locale: i18n.locale, messages: { ...i18n.messages, ...more } });
  loaded.add(area);
}

/**
 * Null when the instance has the area's messages (always on the server, and in the browser for the area the
 * page started in); else the one promise of their loading, the same for every call (for React's `use`).
 */
export function areaLoading(i18n: I18n, area: Area): Promise<void> | null {
  if (loadedAreas(i18n).has(area)) return null;
  const self = i18n as WithAreas;
  self[LOADING] ??= new Map<Area, Promise<void>>();
  const started = self[LOADING];
  let promise = started.get(area);
  if (!promise) {
    // A failed load (the connection dropped) is forgotten, so the next navigation tries again.
    promise = loadArea(i18n, area).catch((err: unknown) => {
      started.delete(area);
      throw err;
    });
    started.set(area, promise);
  }
  return promise;
}
