// Components render inside the page's Lingui provider (app/entry.client.tsx); component tests give them
// the English catalogue (with the studio's and the admin's), so they say the product's own words.
import { I18nProvider } from '@lingui/react';
import { createI18n } from '#app/i18n/catalog.ts';

const english = await createI18n('en', ['studio', 'admin']);

export function InEnglish({ children }: { children: React.ReactNode }) {
  return <I18nProvider i18n={english}>{children}</I18nProvider>;
}
