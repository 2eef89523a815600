import { formatter } from '@lingui/format-po';
import { defineConfig } from '@lingui/conf';

// Catalogues (docs/decisions/0030): one PO file per language under app/locales/, keyed by explicit ids
// (`topbar.signIn`), compiled at build time by @lingui/vite-plugin. `pseudo` is made from English with
// ~40 % longer strings, for the layout check only; it has no file of its own worth editing.
export default defineConfig({
  locales: ['en', 'sw', 'pseudo'],
  sourceLocale: 'en',
  pseudoLocale: { locale: 'pseudo', extend: 0.4 },
  fallbackLocales: { default: 'en' },
  // The studio's and the admin's messages are catalogues of their own, loaded only on their pages.
  catalogs: [
    { path: '<rootDir>/app/locales/{locale}', include: ['app'] },
    { path: '<rootDir>/app/locales/studio/{locale}', include: ['app'] },
    { path: '<rootDir>/app/locales/admin/{locale}', include: ['app'] },
  ],
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});
