// React Router's default browser entry, plus one thing: the page's language catalogue (named by the
// server-rendered `<html lang>`) is loaded before hydration, so the first client render says exactly
// what the server did — no flash of another language (decision 0030). On a studio or admin page its area's
// catalogue is loaded too, as the server's render had it.
import { I18nProvider } from '@lingui/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { fromHtmlLang } from '#common/i18n/uiLocale.ts';
import { areaOf, createI18n } from './i18n/catalog.ts';

const area = areaOf(window.location.pathname);
const i18n = await createI18n(fromHtmlLang(document.documentElement.lang), area ? [area] : []);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  );
});
