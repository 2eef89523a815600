import type { UiLocale } from '#common/i18n/uiLocale.ts';
import { type Area, areaMessages, catalogueMessages } from './catalog.ts';
import type { MetaCatalogue } from './metaText.ts';

const byLocale = new Map<UiLocale, Promise<MetaCatalogue>>();

/**
 * The `meta.*` and `category.*` messages of a language, compiled, for the root loader to hand to `meta`:
 * picked once per language (every page's root loader asks for them).
 */
export function metaCatalogue(locale: UiLocale): Promise<MetaCatalogue> {
  let catalogue = byLocale.get(locale);
  if (!catalogue) {
    catalogue = catalogueMessages(locale).then((all) => ({
      locale,
      messages: Object.fromEntries(
        Object.entries(all).filter(([id]) => id.startsWith('meta.') || id.startsWith('category.')),
      ),
    }));
    catalogue.catch(() => byLocale.delete(locale));
    byLocale.set(locale, catalogue);
  }
  return catalogue;
}

/** An area's own `meta.*` messages (page titles), for its layout loader to hand to the area's `meta`. */
export async function areaMetaCatalogue(area: Area, locale: UiLocale): Promise<MetaCatalogue> {
  const all = await areaMessages(area, locale);
  return { locale, messages: Object.fromEntries(Object.entries(all).filter(([id]) => id.startsWith('meta.'))) };
}
