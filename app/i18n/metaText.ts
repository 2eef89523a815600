import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { MetaDescriptor } from 'react-router';
import type { UiLocale } from '#common/i18n/uiLocale.ts';
import type { Translate } from './useT.ts';

/** What the root loader sends for `meta` functions, which run outside React and cannot use `useT`. */
export interface MetaCatalogue {
  locale: UiLocale;
  /** The compiled `meta.*` and `category.*` messages of the page's language (about a kilobyte). */
  messages: Messages;
}

const made = new WeakMap<Messages, I18n>();

/**
 * A translator for a route's `meta` (page title, description, Open Graph text), built from the root
 * loader's `meta` messages, plus an area layout's (`areaMeta`, the studio's or admin's page titles): the
 * same words on the server and after hydration, in the page's language.
 */
export function metaT(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): Translate {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { meta?: MetaCatalogue } | undefined;
  const meta = root?.meta;
  if (!meta) return (id) => id;
  const area = matches
    .map((m) => (m?.loaderData as { areaMeta?: MetaCatalogue } | undefined)?.areaMeta)
    .find((a) => a !== undefined);
  const key = area?.messages ?? meta.messages;
  let i18n = made.get(key);
  if (!i18n) {
    const messages = area ? { ...meta.messages, ...area.messages } : meta.messages;
    i18n = setupI18n({ locale: meta.locale, messages: { [meta.locale]: messages }, missing: (_l, id) => id });
    made.set(key, i18n);
  }
  const bound = i18n;
  return (id, values) => bound._(id, values);
}

/** The page's language, for a route's `meta`. */
export function metaLocale(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): UiLocale {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { meta?: MetaCatalogue } | undefined;
  return root?.meta?.locale ?? 'en';
}

/** Open Graph's language of the page ("sw_KE") and the other one it exists in: the same URL in either. */
export function openGraphLocale(locale: UiLocale): MetaDescriptor[] {
  const [page, other] = locale === 'sw' ? ['sw_KE', 'en_KE'] : ['en_KE', 'sw_KE'];
  return [
    { property: 'og:locale', content: page },
    { property: 'og:locale:alternate', content: other },
  ];
}
