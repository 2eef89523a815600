import type { UiLocale } from '#common/i18n/uiLocale.ts';
import { createI18n } from './catalog.ts';
import type { MetaCatalogue } from './metaText.ts';

/** The `meta.*` and `category.*` messages of a language, compiled, for the root loader to hand to `meta`. */
export async function metaCatalogue(locale: UiLocale): Promise<MetaCatalogue> {
  const i18n = await createI18n(locale);
  const messages = Object.fromEntries(
    Object.entries(i18n.messages).filter(([id]) => id.startsWith('meta.') || id.startsWith('category.')),
  );
  return { locale, messages };
}
