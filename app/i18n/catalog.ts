import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { UiLocale } from '#common/i18n/uiLocale.ts';

// Each language's compiled catalogue is its own chunk: a page loads only the one it is rendered in
// (decision 0030). The imports are spelled out so the bundler sees every chunk.
const LOADERS: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  sw: () => import('../locales/sw.po'),
  pseudo: () => import('../locales/pseudo.po'),
};

/** A Lingui instance for one render (one per request on the server; one per page load in the browser). */
export async function createI18n(locale: UiLocale): Promise<I18n> {
  const { messages } = await LOADERS[locale]();
  // An id not in the catalogue is English words from the server or common/ that have no translation yet:
  // shown as they are (catalogues.test.ts makes sure every id the code names itself exists).
  return setupI18n({ locale, messages: { [locale]: messages }, missing: (_locale, id) => id });
}
