import type { UiLocale } from '#common/i18n/uiLocale.ts';
import { type Area, areaMessages, createI18n } from './catalog.ts';
import type { MetaCatalogue } from './metaText.ts';

/** The `meta.*` and `category.*` messages of a language, compiled, for the root loader to hand to `meta`. */
export async function metaCatalogue(locale: UiLocale): Promise<MetaCatalogue> {
  const i18n = await createI18n(locale);
  const messages = Object.fromEntries(
    Object.entries(i18n.messages).filter(([id]) => id.startsWith('meta.') || id.startsWith('category.')),
  );
  return { locale, messages };
}

/** An area's own `meta.*` messages (page titles), for its layout loader to hand to the area's `meta`. */
export async function areaMetaCatalogue(area: Area, locale: UiLocale): Promise<MetaCatalogue> {
  const all = await areaMessages(area, locale);
  return { locale, messages: Object.fromEntries(Object.entries(all).filter(([id]) => id.startsWith('meta.'))) };
}
